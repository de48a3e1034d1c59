import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A titled card grouping related content: a form's fields (details, terms…) or a record's facts. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
