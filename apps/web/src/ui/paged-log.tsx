import { Pagination, Paper, Text } from '@mantine/core';
import type { Column } from './data-table';
import { SimpleTable } from './simple-table';

interface Props<T extends { id: number }> {
  /** Names the table for screen readers. */
  caption: string;
  columns: Column<T>[];
  /** One page of the log, as the list answer gives it. */
  log: { data?: { data: T[]; meta: { last_page: number } }; isLoading: boolean };
  page: number;
  onPage: (page: number) => void;
  /** Names the page links, e.g. "Pages of the sync log". */
  pagesLabel: string;
  minWidth: number;
}

/**
 * A log of things sent to another system (the accounting sync, a trigger's deliveries): one page
 * of rows in a bordered table that turns into cards on a phone, "Nothing has been sent yet." when
 * empty, and page links when there is more than one page.
 */
export function PagedLog<T extends { id: number }>({ caption, columns, log, page, onPage, pagesLabel, minWidth }: Props<T>) {
  const lastPage = log.data?.meta.last_page ?? 1;
  return (
    <>
      <Paper withBorder radius="md">
        <SimpleTable
          caption={caption}
          columns={columns}
          rows={log.data?.data ?? []}
          rowKey={(row) => row.id}
          empty={
            <Text p="md" c="dimmed">
              {log.isLoading ? 'Loading…' : 'Nothing has been sent yet.'}
            </Text>
          }
          stacked
          minWidth={minWidth}
        />
      </Paper>
      {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={onPage} aria-label={pagesLabel} />}
    </>
  );
}
