import type { MouseEvent, ReactNode } from 'react';
import { Box, Center, Checkbox, Group, Pagination, Paper, ScrollArea, Select, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { sumAmounts } from '@platform/domain';
import { formatAmount, formatNumber } from '../app/format';
import { PAGE_SIZES } from '../app/use-list-page';
import { StackedRows, useNarrow } from './stacked-rows';

export interface Column<T> {
  key: string;
  label: string;
  /** The server's sort name, when the column can be sorted. */
  sort?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** A figure: right-aligned, digits of equal width, never wrapped. */
  numeric?: boolean;
  /** The cell's text stays on one line (names in list tables). */
  nowrap?: boolean;
  /** The label is for screen readers only (e.g. a column of row actions). */
  hideLabel?: boolean;
  /** Shown in the header cell in place of the label, such as a checkbox that selects every row. */
  header?: ReactNode;
  /** This column's cell in the totals row, from the rows on screen (see `totalsLabel`). */
  total?: (rows: T[]) => ReactNode;
  /** The column chooser never hides it (the row's name). */
  required?: boolean;
}

/** A caption screen readers read and the page does not show. */
export const hiddenCaption = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** Where a click on a row should not navigate: a control of its own, or a link. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"], [data-no-row-click]';

/** Row selection for bulk actions: the chosen ids, kept by the page across pages. */
export interface RowSelection {
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  sort: string;
  onSort: (sort: string) => void;
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
  /**
   * Where a row leads. Its first cell becomes a real link (open in a new tab, middle-click, copy the
   * address) and a click anywhere else on the row follows it too, unless the person was selecting
   * text or clicked a control in the row.
   */
  rowHref?: (row: T) => string;
  /** A row that opens something other than a page (a modal): the whole row is a button. */
  onRowClick?: (row: T) => void;
  empty: ReactNode;
  /** Rows per page, with a choice of sizes, when the list keeps its size in the URL. */
  pageSize?: number;
  onPageSize?: (size: number) => void;
  /** Checkboxes on each row, and one in the header for the page, for bulk actions. */
  selection?: RowSelection & { rowId: (row: T) => number; rowLabel: (row: T) => string };
  /** Labels the totals row when a column has `total` (the rows on screen, e.g. "Page total"). */
  totalsLabel?: string;
  /** On a phone the rows become a list of cards (investor pages); staff tables keep their first column in view. */
  stacked?: boolean;
}

function alignOf<T>(column: Column<T>) {
  return column.align ?? (column.numeric ? 'right' : undefined);
}

function cellStyle<T>(column: Column<T>) {
  if (column.numeric) return { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  if (column.nowrap) return { whiteSpace: 'nowrap' } as const;
  return undefined;
}

/**
 * A table over a server-paged list: sortable headers (with aria-sort), rows that are links, paging
 * with a choice of page size, optional row selection and totals row, a loading state that keeps the
 * layout, and an empty state that says what to do next. Rows are compact and the first column does
 * not wrap, so a screen holds about twenty records.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  sort,
  onSort,
  page,
  lastPage,
  total,
  onPage,
  rowHref,
  onRowClick,
  empty,
  pageSize,
  onPageSize,
  selection,
  totalsLabel = 'Total',
  stacked,
}: Props<T>) {
  const navigate = useNavigate();
  const narrow = useNarrow();
  const descending = sort.startsWith('-');
  const sortName = descending ? sort.slice(1) : sort;
  const clickable = Boolean(rowHref || onRowClick);

  const header = (column: Column<T>) => {
    if (!column.sort) return column.header ?? column.label;
    const active = sortName === column.sort;
    const Icon = !active ? IconArrowsSort : descending ? IconArrowDown : IconArrowUp;
    return (
      <UnstyledButton onClick={() => onSort(active && !descending ? `-${column.sort}` : column.sort!)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap" justify={alignOf(column) === 'right' ? 'flex-end' : undefined}>
          {column.label}
          <Icon size={14} aria-hidden opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    );
  };

  const follow = (row: T, event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    // Selecting a name to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    if (rowHref) {
      const href = rowHref(row);
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1) window.open(href, '_blank', 'noopener');
      else void navigate({ to: href });
    } else onRowClick?.(row);
  };

  const pageRows = rows ?? [];
  const selectedOnPage = selection ? pageRows.filter((row) => selection.selected.has(selection.rowId(row))).length : 0;
  const togglePage = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of pageRows) {
      if (checked) next.add(selection.rowId(row));
      else next.delete(selection.rowId(row));
    }
    selection.onChange(next);
  };
  const toggleRow = (row: T, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(selection.rowId(row));
    else next.delete(selection.rowId(row));
    selection.onChange(next);
  };
  const hasTotals = columns.some((column) => column.total) && pageRows.length > 0;

  const firstCell = (row: T, content: ReactNode) =>
    rowHref ? (
      <Link to={rowHref(row)} className="data-table-link">
        {content}
      </Link>
    ) : (
      content
    );

  return (
    <Paper withBorder radius="md">
      {stacked && narrow && rows ? (
        <Box p="sm">
          <StackedRows
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            caption={caption}
            onRowClick={onRowClick ?? (rowHref ? (row) => void navigate({ to: rowHref(row) }) : undefined)}
          />
        </Box>
      ) : (
        <ScrollArea>
          <Table className="data-table" highlightOnHover={clickable} verticalSpacing={4} horizontalSpacing="sm" striped fz="sm">
            <caption style={hiddenCaption}>{caption}</caption>
            <Table.Thead>
              <Table.Tr>
                {selection && (
                  <Table.Th w={36}>
                    <Checkbox
                      size="xs"
                      aria-label="Select every row on this page"
                      checked={pageRows.length > 0 && selectedOnPage === pageRows.length}
                      indeterminate={selectedOnPage > 0 && selectedOnPage < pageRows.length}
                      onChange={(e) => togglePage(e.currentTarget.checked)}
                    />
                  </Table.Th>
                )}
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    ta={alignOf(column)}
                    style={{ whiteSpace: 'nowrap' }}
                    aria-label={column.hideLabel ? column.label : undefined}
                    aria-sort={column.sort && sortName === column.sort ? (descending ? 'descending' : 'ascending') : undefined}
                  >
                    {column.hideLabel ? null : header(column)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody aria-busy={loading}>
              {!rows && loading
                ? Array.from({ length: 8 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows and fixed lists have no identity but their position
                    <Table.Tr key={i}>
                      {selection && <Table.Td />}
                      {columns.map((column) => (
                        <Table.Td key={column.key}>
                          <Skeleton h={14} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows?.map((row) => {
                    const checked = selection?.selected.has(selection.rowId(row)) ?? false;
                    return (
                      <Table.Tr
                        key={rowKey(row)}
                        onClick={clickable ? (e) => follow(row, e) : undefined}
                        onAuxClick={rowHref ? (e) => e.button === 1 && follow(row, e) : undefined}
                        // A row that leads to a page is reached by its link; one that opens a modal is a button.
                        onKeyDown={onRowClick && !rowHref ? (e) => e.key === 'Enter' && onRowClick(row) : undefined}
                        tabIndex={onRowClick && !rowHref ? 0 : undefined}
                        bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
                        style={{ cursor: clickable ? 'pointer' : undefined, opacity: loading ? 0.6 : 1 }}
                      >
                        {selection && (
                          <Table.Td>
                            <Checkbox
                              size="xs"
                              aria-label={`Select ${selection.rowLabel(row)}`}
                              checked={checked}
                              onChange={(e) => toggleRow(row, e.currentTarget.checked)}
                            />
                          </Table.Td>
                        )}
                        {columns.map((column, index) => (
                          <Table.Td
                            key={column.key}
                            ta={alignOf(column)}
                            style={index === 0 ? { whiteSpace: 'nowrap' } : cellStyle(column)}
                          >
                            {index === 0 ? firstCell(row, column.render(row)) : column.render(row)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
            </Table.Tbody>
            {hasTotals && (
              <Table.Tfoot>
                <Table.Tr fw={700} style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}>
                  {selection && <Table.Td />}
                  {columns.map((column, index) => (
                    <Table.Td key={column.key} ta={alignOf(column)} style={cellStyle(column)}>
                      {column.total ? column.total(pageRows) : index === 0 ? totalsLabel : null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </ScrollArea>
      )}
      {rows && rows.length === 0 && <Center p="xl">{empty}</Center>}
      <Group justify="space-between" p="xs" px="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatNumber(total)} {total === 1 ? 'record' : 'records'}
          {selection && selection.selected.size > 0 ? ` · ${formatNumber(selection.selected.size)} selected` : ''}
        </Text>
        <Group gap="sm">
          {onPageSize && pageSize && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed" component="label" htmlFor="data-table-page-size">
                Rows per page
              </Text>
              <Select
                id="data-table-page-size"
                size="xs"
                w={80}
                allowDeselect={false}
                data={PAGE_SIZES.map(String)}
                value={String(pageSize)}
                onChange={(value) => value && onPageSize(Number(value))}
              />
            </Group>
          )}
          {lastPage > 1 && (
            <Pagination
              total={lastPage}
              value={page}
              onChange={onPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * A money column's total over the rows on screen, exact (decimal strings): one currency gives one
 * figure; rows in several currencies are not added together.
 */
export function moneyTotal<T>(rows: T[], amount: (row: T) => string | null | undefined, currency: (row: T) => string): ReactNode {
  const currencies = new Set(rows.map(currency));
  if (currencies.size !== 1) return 'Mixed currencies';
  return formatAmount(sumAmounts(rows.map((row) => amount(row) ?? '0')), [...currencies][0]);
}
