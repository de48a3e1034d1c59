import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A titled group of fields on a long form (details, terms, contact…). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
