import { Box, Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * What a page shows while its code or data loads, shaped like what will come (a title, a card of
 * figures, a table), so the first load is not a blank page and nothing jumps when it arrives.
 * Announced once to screen readers as "Loading…".
 */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="page-skeleton">
      <VisuallyHidden role="status">Loading…</VisuallyHidden>
      <Skeleton h={14} w={120} radius="sm" />
      <Skeleton h={28} w="40%" maw={360} radius="sm" />
      <Paper withBorder radius="md" p="lg">
        <Group gap="xl" wrap="wrap">
          {[0, 1, 2, 3].map((i) => (
            <Stack key={i} gap={6} miw={120}>
              <Skeleton h={10} w={80} />
              <Skeleton h={18} w={110} />
            </Stack>
          ))}
        </Group>
      </Paper>
      <TableSkeleton rows={rows} />
    </Stack>
  );
}

/** Rows of a table or list still loading. */
export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Skeleton h={12} w="30%" />
        {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
          <Group key={key} gap="md" wrap="nowrap">
            <Skeleton h={14} w="35%" />
            <Skeleton h={14} w="20%" />
            <Skeleton h={14} w="15%" visibleFrom="sm" />
            <Skeleton h={14} w="15%" visibleFrom="sm" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The shell before the app knows who is signed in or has the firm's settings: a header band, a
 * side menu from md up and a page skeleton.
 */
export function ShellSkeleton() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Group h={65} px="md" justify="space-between" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Skeleton h={28} w={120} radius="sm" />
        <Group gap="sm">
          <Skeleton h={28} w={28} circle />
          <Skeleton h={28} w={90} radius="xl" visibleFrom="sm" />
        </Group>
      </Group>
      <Group align="flex-start" gap={0} wrap="nowrap">
        <Stack
          gap="md"
          p="md"
          w={240}
          visibleFrom="md"
          style={{ borderRight: '1px solid var(--mantine-color-gray-3)', minHeight: 'calc(100vh - 65px)' }}
        >
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} h={14} w={`${70 - i * 5}%`} />
          ))}
        </Stack>
        <Box p="md" style={{ flex: 1, minWidth: 0 }}>
          <PageSkeleton />
        </Box>
      </Group>
    </Box>
  );
}
