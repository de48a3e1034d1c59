import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Role, type User } from '@platform/domain';
import { useListQuery } from '../app/use-list-query';

/** Chooses an investor by name or e-mail, searching the server as the user types. */
export function InvestorPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  /** The chosen id, with the option's label ('name (e-mail)'). */
  onChange: (id: string | null, label?: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 250);
  const found = useListQuery<User>('users', {
    page: 1,
    perPage: 20,
    sort: 'name',
    filters: { role_id: String(Role.User), search: text },
  });
  return (
    <Select
      label={label}
      placeholder="Type a name or e-mail"
      searchable
      clearable
      value={value}
      onChange={(id, option) => onChange(id, option?.label)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No investor matches'}
      data={(found.data?.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
      error={error}
      w={420}
    />
  );
}
