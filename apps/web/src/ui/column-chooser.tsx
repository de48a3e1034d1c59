import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import type { PreferenceList } from '@platform/domain';
import { arrangeColumns, useListPreference, useSaveListPreference } from '../app/list-preferences';
import type { Column } from './data-table';

/**
 * A list's columns as the signed-in person arranged them, and the "Columns" control that changes
 * them: show or hide each column and move it up or down. The choice is kept on the server, so it
 * follows the person to another browser (decision 0039).
 */
export function useTableColumns<T>(list: PreferenceList, columns: Column<T>[]) {
  const preference = useListPreference(list);
  const save = useSaveListPreference(list);
  const hidden = new Set(preference.data?.hidden ?? []);
  // Every column, in the person's order, hidden ones included: the chooser lists them all.
  const ordered = arrangeColumns(columns, preference.data ? { hidden: [], order: preference.data.order } : undefined);
  const visible = arrangeColumns(columns, preference.data);

  const store = (nextHidden: Set<string>, order: string[]) => save.mutate({ hidden: [...nextHidden], order });
  const toggle = (key: string, show: boolean) => {
    const next = new Set(hidden);
    if (show) next.delete(key);
    else next.add(key);
    store(
      next,
      ordered.map((c) => c.key),
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const keys = ordered.map((c) => c.key);
    const [key] = keys.splice(index, 1);
    keys.splice(index + by, 0, key);
    store(hidden, keys);
  };

  const chooser = (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} miw={220} role="group" aria-label="Columns shown">
          {ordered.map((column, index) => (
            <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap">
              <Checkbox
                size="sm"
                label={column.label}
                checked={column.required || !hidden.has(column.key)}
                disabled={column.required}
                onChange={(e) => toggle(column.key, e.currentTarget.checked)}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${column.label} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${column.label} down`}
                  disabled={index === ordered.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">
              Kept for you on every device.
            </Text>
            <Button variant="subtle" size="compact-xs" onClick={() => store(new Set(), [])}>
              Reset
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );

  return {
    columns: visible,
    chooser,
    /** The columns hidden now, for a saved view to keep. */
    hidden: [...hidden],
    /** Applies a saved view's column choice. */
    applyHidden: (next: string[]) =>
      store(
        new Set(next),
        ordered.map((c) => c.key),
      ),
  };
}
