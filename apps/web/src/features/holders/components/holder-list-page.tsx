import { IconPlus } from '@tabler/icons-react';
import { can, HOLDER_PERMISSION_EVENT } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useHolderList, type HolderResource } from '../api/holders';
import type { HolderListSearch } from '../list-search';
import { EmptyState, type EmptyStateIcon } from '../../../ui/empty-state';

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
  const listPage = useListPage<HolderListSearch>({
    path,
    defaultSort: 'name',
    filters: (search, text) => ({ search: text, type: search.type }),
  });
  const list = useHolderList<T>(resource, listPage.params);
  const { search, update } = listPage;
  const filtered = Boolean(search.search || search.type);

  return (
    <ListPage
      title={title}
      actions={
        can(user?.role_id, HOLDER_PERMISSION_EVENT, 'create') && (
          <ButtonLink to={newPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {newLabel}
          </ButtonLink>
        )
      }
      filters={
        <>
          <SearchFilter placeholder={searchPlaceholder} {...listPage.searchBox} w={280} />
          {types && (
            <SelectFilter label="Type" placeholder="Any type" data={types} value={search.type} onChange={(type) => update({ type })} />
          )}
        </>
      }
      exports={<ExportButtons resource={resource} list={listPage.exportList} />}
    >
      <DataTable
        caption={`${title}, page ${listPage.page}`}
        columns={columns}
        rowKey={(r) => r.id}
        // A role that may list but not open records (the Creator) gets a list without links.
        rowHref={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'show') ? (row) => rowHref(row) : undefined}
        empty={
          <EmptyState icon={empty.icon} title={filtered ? `No ${title.toLowerCase()} match` : empty.title}>
            {filtered ? 'Try another search or clear the filter.' : empty.hint}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
