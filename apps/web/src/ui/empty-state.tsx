import type { ComponentType, ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

export type EmptyStateIcon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** What a list or panel shows when it has nothing: an icon, a short title, and what to do next. */
export function EmptyState({ icon: Icon, title, children }: { icon: EmptyStateIcon; title: ReactNode; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4}>
      <Icon size={32} stroke={1.5} aria-hidden />
      <Text fw={600}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed" ta="center" maw={480}>
          {children}
        </Text>
      )}
    </Stack>
  );
}
