import type { ReactNode } from 'react';
import { Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The list's search box, bound to `useListPage().searchBox`. */
export function SearchFilter({
  value,
  onChange,
  placeholder,
  w = 260,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  w?: number;
}) {
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={w}
    />
  );
}

/** A clearable filter select: `undefined` is "any". */
export function SelectFilter({
  label,
  placeholder,
  data,
  value,
  onChange,
  w = 200,
  searchable,
  disabled,
}: {
  label: string;
  placeholder: string;
  data: Array<string | { value: string; label: string }>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  w?: number;
  searchable?: boolean;
  disabled?: boolean;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      searchable={searchable}
      disabled={disabled}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      w={w}
    />
  );
}

/** The row of a list's filters, with its tools (views, columns) and exports at the far end. */
export function ListFilters({ children, tools, exports }: { children: ReactNode; tools?: ReactNode; exports?: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" justify="space-between">
      <Group gap="sm" align="flex-end">
        {children}
      </Group>
      {(tools || exports) && (
        <Group gap="xs" align="flex-end">
          {tools}
          {exports}
        </Group>
      )}
    </Group>
  );
}

/**
 * A list page: its title with the list's tools (saved views, columns) and the actions the user may
 * take, the filters and exports, then the table. Kept tight so the table starts high on the screen.
 */
export function ListPage({
  title,
  actions,
  tabs,
  filters,
  tools,
  exports,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  /** Views of the same page (a Tabs list), shown under the title. */
  tabs?: ReactNode;
  filters?: ReactNode;
  /** The saved-views menu and the column chooser, on the title's row. */
  tools?: ReactNode;
  exports?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {title}
        </Title>
        {(tools || actions) && (
          <Group gap="xs">
            {tools}
            {actions}
          </Group>
        )}
      </Group>
      {tabs}
      {filters && <ListFilters exports={exports}>{filters}</ListFilters>}
      {children}
    </Stack>
  );
}
