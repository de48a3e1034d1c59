import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';

interface Props<T extends string> {
  /** What is chosen, in order. */
  chosen: readonly T[];
  /** Everything that may be chosen. */
  options: readonly T[];
  nameOf: (item: T) => string;
  onChange: (next: T[]) => void;
  /** What each row holds besides its name (a label field…). */
  extra?: (item: T, index: number) => ReactNode;
  /** Noun for the add control: "column", "figure". */
  noun: string;
  /** At least this many must stay chosen. */
  min?: number;
}

const moved = <T,>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * An ordered choice from a fixed set, edited with buttons (keyboard and screen-reader friendly, no
 * dragging needed): move up, move down, remove, and add one of those not chosen yet.
 */
export function OrderedChoice<T extends string>({ chosen, options, nameOf, onChange, extra, noun, min = 0 }: Props<T>) {
  const [adding, setAdding] = useState<string | null>(null);
  const left = options.filter((option) => !chosen.includes(option));
  return (
    <Stack gap="xs">
      <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {chosen.map((item, index) => (
          <Paper key={item} component="li" withBorder radius="md" p="sm">
            <Group wrap="nowrap" gap="sm" align="center">
              <Text fw={600} c="dimmed" w={22} ta="right" aria-hidden>
                {index + 1}
              </Text>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{nameOf(item)}</Text>
                {extra?.(item, index)}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${nameOf(item)} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moved(chosen, index, index - 1))}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${nameOf(item)} down`}
                  disabled={index === chosen.length - 1}
                  onClick={() => onChange(moved(chosen, index, index + 1))}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red"
                  aria-label={`Remove ${nameOf(item)}`}
                  disabled={chosen.length <= min}
                  onClick={() => onChange(chosen.filter((other) => other !== item))}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {chosen.length === 0 && <Text c="dimmed">None chosen.</Text>}
      {left.length > 0 && (
        <Group align="flex-end" gap="xs">
          <Select
            label={`Add a ${noun}`}
            placeholder={`Choose a ${noun}`}
            data={left.map((option) => ({ value: option, label: nameOf(option) }))}
            value={adding}
            onChange={setAdding}
            style={{ flex: 1, maxWidth: 320 }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              onChange([...chosen, adding as T]);
              setAdding(null);
            }}
          >
            Add
          </Button>
        </Group>
      )}
    </Stack>
  );
}
