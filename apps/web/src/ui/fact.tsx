import { Text } from '@mantine/core';

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
