import type { ReactNode } from 'react';
import { Center, Group, Pagination, Paper, ScrollArea, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { formatNumber } from '../app/format';

export interface Column<T> {
  key: string;
  label: string;
  /** The server's sort name, when the column can be sorted. */
  sort?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** The label is for screen readers only (e.g. a column of row actions). */
  hideLabel?: boolean;
  /** Shown in the header cell in place of the label, such as a checkbox that selects every row. */
  header?: ReactNode;
}

/** A caption screen readers read and the page does not show. */
export const hiddenCaption = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

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
  onRowClick?: (row: T) => void;
  empty: ReactNode;
}

/**
 * A table over a server-paged list: sortable headers (with aria-sort), paging, a loading state that
 * keeps the layout, and an empty state that says what to do next.
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
  onRowClick,
  empty,
}: Props<T>) {
  const descending = sort.startsWith('-');
  const sortName = descending ? sort.slice(1) : sort;

  const header = (column: Column<T>) => {
    if (!column.sort) return column.header ?? column.label;
    const active = sortName === column.sort;
    const Icon = !active ? IconArrowsSort : descending ? IconArrowDown : IconArrowUp;
    return (
      <UnstyledButton onClick={() => onSort(active && !descending ? `-${column.sort}` : column.sort!)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.label}
          <Icon size={14} aria-hidden opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Paper withBorder radius="md">
      <ScrollArea>
        <Table highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" horizontalSpacing="md" striped>
          <caption style={hiddenCaption}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
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
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton h={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows?.map((row) => (
                  <Table.Tr
                    key={rowKey(row)}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={onRowClick ? (e) => e.key === 'Enter' && onRowClick(row) : undefined}
                    tabIndex={onRowClick ? 0 : undefined}
                    style={{ cursor: onRowClick ? 'pointer' : undefined, opacity: loading ? 0.6 : 1 }}
                  >
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows && rows.length === 0 && <Center p="xl">{empty}</Center>}
      <Group justify="space-between" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatNumber(total)} {total === 1 ? 'record' : 'records'}
        </Text>
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
    </Paper>
  );
}
