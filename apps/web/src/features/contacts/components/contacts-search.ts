import { listPaging } from '../../../app/use-list-page';

/** The contacts list's state in the URL: search, filters, sort and page. */
export interface ContactsSearch {
  search?: string;
  status?: string;
  lead_status?: string;
  owner?: string;
  sort?: string;
  page?: number;
  per_page?: number;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const contactsSearch = (search: Record<string, unknown>): ContactsSearch => {
  const out: ContactsSearch = {};
  for (const key of ['search', 'status', 'lead_status', 'owner', 'sort'] as const) {
    const value = text(search[key]) ?? (typeof search[key] === 'number' ? String(search[key]) : undefined);
    if (value) out[key] = value;
  }
  return { ...out, ...listPaging(search) };
};
