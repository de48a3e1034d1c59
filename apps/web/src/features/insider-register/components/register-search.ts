import { INSIDER_ENTRY_STATUSES, isCalendarDate } from '@platform/domain';
import { searchText } from '../../../app/search-text';
import { listPaging } from '../../../app/use-list-page';

type EntryStatus = (typeof INSIDER_ENTRY_STATUSES)[number];

/** The insider register's state in the URL: project, person, the days insiders were made (UTC), state, sort and page. */
export interface RegisterSearch {
  per_page?: number;
  project?: number;
  search?: string;
  from?: string;
  to?: string;
  status?: EntryStatus;
  sort?: string;
  page?: number;
}

const day = (value: unknown) => (typeof value === 'string' && isCalendarDate(value) ? value : undefined);

export const registerSearch = (search: Record<string, unknown>): RegisterSearch => ({
  ...(Number(search.project) > 0 ? { project: Number(search.project) } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(day(search.from) ? { from: day(search.from) } : {}),
  ...(day(search.to) ? { to: day(search.to) } : {}),
  ...(INSIDER_ENTRY_STATUSES.includes(search.status as EntryStatus) ? { status: search.status as EntryStatus } : {}),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...listPaging(search),
});

export interface PaDealsSearch {
  per_page?: number;
  search?: string;
  status?: string;
  sort?: string;
  page?: number;
}

export const paDealsSearch = (search: Record<string, unknown>): PaDealsSearch => ({
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.status === 'string' && search.status ? { status: search.status } : {}),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...listPaging(search),
});
