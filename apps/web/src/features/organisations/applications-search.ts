import { ORGANISATION_APPLICATION_STATUSES } from '@platform/domain';
import { searchText } from '../../app/search-text';

export interface ApplicationsSearch {
  page?: number;
  sort?: string;
  search?: string;
  status?: string;
}

export const applicationsSearch = (search: Record<string, unknown>): ApplicationsSearch => ({
  ...(Number(search.page) > 1 ? { page: Number(search.page) } : {}),
  ...(typeof search.sort === 'string' && /^-?[a-z_]+$/.test(search.sort) ? { sort: search.sort } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.status === 'string' && (ORGANISATION_APPLICATION_STATUSES as readonly string[]).includes(search.status)
    ? { status: search.status }
    : {}),
});
