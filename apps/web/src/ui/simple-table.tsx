import type { CSSProperties, ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';
import { type Column, hiddenCaption } from './data-table';
import { StackedRows, useNarrow } from './stacked-rows';

interface Props<T> extends Omit<TableProps, 'children' | 'data'> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** Read by screen readers, not shown. */
  caption?: string;
  /** A caption shown above the table, naming it for everyone. */
  title?: string;
  /** Shown in place of the table when there are no rows; without it an empty list shows the bare headers. */
  empty?: ReactNode;
  /** Scrolls sideways below this width instead of squeezing the columns. */
  minWidth?: number;
  bodyStyle?: CSSProperties;
  /** On a phone the rows become a list of cards (investor pages). */
  stacked?: boolean;
}

const shownCaption = {
  captionSide: 'top',
  textAlign: 'left',
  padding: 'var(--mantine-spacing-md)',
  fontWeight: 600,
} as const;

/**
 * A plain table over rows already on the page — no paging, no sorting — on the same column type as
 * `DataTable`, so a list can move between the two without rewriting its columns.
 */
export function SimpleTable<T>({ columns, rows, rowKey, caption, title, empty, minWidth, bodyStyle, stacked, ...table }: Props<T>) {
  const narrow = useNarrow();
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  if (stacked && narrow) return <StackedRows columns={columns} rows={rows} rowKey={rowKey} caption={title ?? caption} />;
  const markup = (
    <Table {...table}>
      {caption && <caption style={hiddenCaption}>{caption}</caption>}
      {title && <caption style={shownCaption}>{title}</caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} w={column.width} ta={column.align} aria-label={column.hideLabel ? column.label : undefined}>
              {column.hideLabel ? null : (column.header ?? column.label)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody style={bodyStyle}>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Td key={column.key} ta={column.align}>
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!minWidth) return markup;
  // A table wider than the screen scrolls sideways: its viewport takes focus so keyboard users can scroll it too.
  const viewportProps = { tabIndex: 0, role: 'region', 'aria-label': title ?? caption };
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps }}>
      {markup}
    </Table.ScrollContainer>
  );
}
