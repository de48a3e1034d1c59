import { searchText } from '../../../app/search-text';
import { listPaging } from '../../../app/use-list-page';

/** The deals page's state in the URL: view, pipeline, table filters, sort and page. */
export interface DealsSearch {
  per_page?: number;
  view?: 'table';
  pipeline?: number;
  stage?: number;
  search?: string;
  sort?: string;
  page?: number;
}

export const dealsSearch = (search: Record<string, unknown>): DealsSearch => ({
  ...(search.view === 'table' ? { view: 'table' as const } : {}),
  ...(Number(search.pipeline) > 0 ? { pipeline: Number(search.pipeline) } : {}),
  ...(Number(search.stage) > 0 ? { stage: Number(search.stage) } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...listPaging(search),
});
