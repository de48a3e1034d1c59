import { Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { can, HOLDER_PERMISSION_EVENT } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { usePageTitle } from '../../../ui/page-title';
import { useHolderList, type HolderResource } from '../api/holders';
import type { HolderListSearch } from '../list-search';
import { EmptyState, type EmptyStateIcon } from '../../../ui/empty-state';

const PER_PAGE = 25;

interface Props<T> {
  resource: HolderResource;
  title: string;
  /** The list's own path, where filter changes navigate. */
  path: string;
  newPath: string;
  newLabel: string;
  searchPlaceholder: string;
  columns: Column<T>[];
  types?: Array<{ value: string; label: string }>;
  rowHref: (row: T) => string;
  empty: { icon: EmptyStateIcon; title: string; hint: string };
}

/** A holder list (organisations, methods, nominees): search, type filter, sortable columns, paging, exports. */
export function HolderListPage<T extends { id: number }>({
  resource,
  title,
  path,
  newPath,
  newLabel,
  searchPlaceholder,
  columns,
  types,
  rowHref,
  empty,
}: Props<T>) {
  usePageTitle(title);
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as HolderListSearch;
  const navigate = useNavigate();
  const typed = search.search == null ? '' : String(search.search);
  const [text] = useDebouncedValue(typed, 300);
  const sort = search.sort ?? 'name';
  const page = search.page ?? 1;
  const filters = { search: text, type: search.type };
  const update = (changes: Partial<HolderListSearch>) =>
    void navigate({ to: path, search: { ...search, page: undefined, ...changes }, replace: true });
  const list = useHolderList<T>(resource, { page, perPage: PER_PAGE, sort, filters });
  const filtered = Boolean(search.search || search.type);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {title}
        </Title>
        {can(user?.role_id, HOLDER_PERMISSION_EVENT, 'create') && (
          <ButtonLink to={newPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {newLabel}
          </ButtonLink>
        )}
      </Group>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search"
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(e) => update({ search: e.currentTarget.value || undefined })}
            w={280}
          />
          {types && (
            <Select
              label="Type"
              placeholder="Any type"
              clearable
              data={types}
              value={search.type ?? null}
              onChange={(value) => update({ type: value ?? undefined })}
              w={200}
            />
          )}
        </Group>
        <ExportButtons resource={resource} list={{ sort, filters }} />
      </Group>
      <DataTable
        caption={`${title}, page ${page}`}
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        sort={sort}
        onSort={(next) => update({ sort: next })}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={(next) => update({ page: next })}
        // A role that may list but not open records (the Creator) gets a list without links.
        onRowClick={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'show') ? (row) => void navigate({ to: rowHref(row) }) : undefined}
        empty={
          <EmptyState icon={empty.icon} title={filtered ? `No ${title.toLowerCase()} match` : empty.title}>
            {filtered ? 'Try another search or clear the filter.' : empty.hint}
          </EmptyState>
        }
      />
    </Stack>
  );
}
