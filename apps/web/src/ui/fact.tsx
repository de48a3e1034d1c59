import { Card, SimpleGrid, Text } from '@mantine/core';

/** A labelled figure in a grid of facts: small caps label, value below ('—' when empty). */
export function Fact({ label, value, strong = false }: { label: string; value: string | null | undefined; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={strong ? 600 : undefined}>{value || '—'}</Text>
    </div>
  );
}

/** Headline figures, one card each, in a responsive row (two a row on a phone). */
export function FactCards({ facts }: { facts: ReadonlyArray<{ label: string; value: string | null | undefined }> }) {
  return (
    <SimpleGrid cols={{ base: 2, md: facts.length }}>
      {facts.map((f) => (
        <Card key={f.label} withBorder radius="md" padding="md">
          <Fact strong label={f.label} value={f.value} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
