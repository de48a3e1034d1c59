import type { ReactNode } from 'react';
import { Box, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@platform/domain';
import type { Column } from './data-table';

/** Below the tablet breakpoint (spec §9) a table's rows read better as cards than as a sideways scroll. */
export function useNarrow(): boolean {
  return useMediaQuery(`(max-width: ${(BREAKPOINTS.md - 0.02) / 16}em)`) ?? false;
}

/**
 * The pairs a stacked row shows: every column with a label, in table order; a column whose label
 * is for screen readers only (row actions) comes last without a label.
 */
export function stackedFields<T>(columns: Column<T>[]) {
  const labelled = columns.filter((column) => !column.hideLabel);
  const unlabelled = columns.filter((column) => column.hideLabel);
  return { title: labelled[0], details: labelled.slice(1), actions: unlabelled };
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** Names the list for screen readers, as a table's caption does. */
  caption?: string;
  onRowClick?: (row: T) => void;
}

/**
 * A table's rows as a list of cards, for phones: the first column as the card's heading, then each
 * other column as a label and its value, so nothing hides behind a sideways scroll.
 */
export function StackedRows<T>({ columns, rows, rowKey, caption, onRowClick }: Props<T>) {
  const { title, details, actions } = stackedFields(columns);
  return (
    <Stack component="ul" aria-label={caption} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => {
        const body: ReactNode = (
          <>
            {title &&
              (onRowClick ? (
                <UnstyledButton fw={600} mb={6} display="block" onClick={() => onRowClick(row)}>
                  {title.render(row)}
                </UnstyledButton>
              ) : (
                <Text fw={600} mb={6} component="div">
                  {title.render(row)}
                </Text>
              ))}
            <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: '4px 12px' }}>
              {details.map((column) => (
                <Box key={column.key} style={{ display: 'contents' }}>
                  <Text component="dt" size="sm" c="dimmed">
                    {column.label}
                  </Text>
                  <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Text>
                </Box>
              ))}
            </Box>
            {actions.map((column) => (
              <Box key={column.key} mt="xs">
                {column.render(row)}
              </Box>
            ))}
          </>
        );
        return (
          <Paper component="li" key={rowKey(row, index)} withBorder radius="md" p="sm">
            {body}
          </Paper>
        );
      })}
    </Stack>
  );
}
