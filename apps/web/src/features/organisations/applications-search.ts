import { ORGANISATION_APPLICATION_STATUSES } from '@platform/domain';
import { searchText } from '../../app/search-text';
import { listPaging } from '../../app/use-list-page';

export interface ApplicationsSearch {
  per_page?: number;
  page?: number;
  sort?: string;
  search?: string;
  status?: string;
}

export const applicationsSearch = (search: Record<string, unknown>): ApplicationsSearch => ({
  ...listPaging(search),
  ...(typeof search.sort === 'string' && /^-?[a-z_]+$/.test(search.sort) ? { sort: search.sort } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.status === 'string' && (ORGANISATION_APPLICATION_STATUSES as readonly string[]).includes(search.status)
    ? { status: search.status }
    : {}),
});
