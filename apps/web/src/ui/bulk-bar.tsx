import { type ReactNode, useState } from 'react';
import { Button, Group, Paper, Popover, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../app/api-client';
import { formatNumber } from '../app/format';

/** The actions for the rows chosen in a list, shown while any are chosen (decision 0039). */
export function BulkBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" px="sm" bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text size="sm" fw={600} aria-live="polite">
            {formatNumber(count)} selected
          </Text>
          {children}
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * A bulk action that asks for one value first (an owner, a lead status): a button that opens a
 * small picker with an Apply button. `none` offers clearing the value.
 */
export function BulkPick({
  label,
  pickLabel,
  data,
  none,
  busy,
  onApply,
}: {
  label: string;
  pickLabel: string;
  data: Array<{ value: string; label: string }>;
  none?: string;
  busy: boolean;
  onApply: (value: number | null) => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button size="compact-sm" variant="default" onClick={() => setOpened((o) => !o)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <Select
            label={pickLabel}
            searchable
            data={[...(none ? [{ value: 'none', label: none }] : []), ...data]}
            value={value}
            onChange={setValue}
            comboboxProps={{ withinPortal: false }}
          />
          <Button
            size="xs"
            disabled={!value}
            loading={busy}
            onClick={async () => {
              if (!value) return;
              await onApply(value === 'none' ? null : Number(value));
              setOpened(false);
              setValue(null);
            }}
          >
            Apply
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Runs a bulk request and says how it went: the server's count message, or its reason for refusing. */
export async function runBulk(request: () => Promise<{ data: { message: string } }>, onDone: () => void) {
  try {
    const result = await request();
    notifications.show({ color: 'teal', message: result.data.message });
    onDone();
  } catch (error) {
    const reason =
      error instanceof ApiError && typeof error.errors === 'object'
        ? Object.values(error.errors)[0]?.[0]
        : error instanceof ApiError
          ? error.message
          : null;
    notifications.show({ color: 'red', title: 'Nothing was changed', message: reason ?? 'The action failed.' });
  }
}
