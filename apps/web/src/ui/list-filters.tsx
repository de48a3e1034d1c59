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

/** The row of a list's filters, with its exports at the far end. */
export function ListFilters({ children, exports }: { children: ReactNode; exports?: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" justify="space-between">
      <Group gap="sm" align="flex-end">
        {children}
      </Group>
      {exports}
    </Group>
  );
}

/** A list page: its title with the actions the user may take, the filters and exports, then the table. */
export function ListPage({
  title,
  actions,
  filters,
  exports,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  exports?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {title}
        </Title>
        {actions}
      </Group>
      {filters && <ListFilters exports={exports}>{filters}</ListFilters>}
      {children}
    </Stack>
  );
}
