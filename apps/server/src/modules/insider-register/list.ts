import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  INSIDER_ENTRIES_LIST,
  INSIDER_REGISTER_VIEWS,
  INSIDER_REGISTER_VIEWS_LIST,
  PA_DEAL_STATUSES,
  PA_DEALS_LIST,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { insiderCessations, insiderEntries, insiderRegisterViews, paDealRequests } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ExportColumn, ExportSpec } from '../../platform/export';
import { containsFilter, dayFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import { latestStatus } from './pa-deals';
import { corrections, entryRows, type EntryListRow } from './service';

/** The start of a day (UTC) a filter names; years the database cannot hold are refused like any malformed date. */
function dayStart(field: string, value: string): Date {
  const day = dayFilter(field, value);
  const year = Number(day.slice(0, 4));
  if (year < 1 || year > 9998) throw new AppError('bad_request', `filter[${field}] must be a date (YYYY-MM-DD).`);
  return new Date(`${day}T00:00:00Z`);
}
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The register's list: by project, person (name or e-mail), the day they became an insider (UTC) and state. */
export const INSIDER_ENTRIES_RESOURCE = listResource(INSIDER_ENTRIES_LIST, {
  filters: {
    project_id: idsFilter('project_id', insiderEntries.projectId),
    user_id: idsFilter('user_id', insiderEntries.userId),
    person: (value) => {
      const text = value.trim();
      if (!text) return undefined;
      const like = `%${escapeLike(text)}%`;
      return sql`(${insiderEntries.firstName} || ' ' || ${insiderEntries.surname} ilike ${like} or ${insiderEntries.email} ilike ${like})`;
    },
    obtained_from: (v) => gte(insiderEntries.obtainedAt, dayStart('obtained_from', v)),
    obtained_to: (v) => lt(insiderEntries.obtainedAt, new Date(dayStart('obtained_to', v).getTime() + 86_400_000)),
    status: (value) => {
      if (value === 'current') return and(isNull(corrections.id), isNull(insiderCessations.id));
      if (value === 'ceased') return and(isNull(corrections.id), isNotNull(insiderCessations.id));
      if (value === 'superseded') return isNotNull(corrections.id);
      throw new AppError('bad_request', 'filter[status] must be one of current, ceased, superseded.');
    },
  },
  sorts: { obtained_at: insiderEntries.obtainedAt, recorded_at: insiderEntries.recordedAt, surname: insiderEntries.surname },
  defaultSort: '-obtained_at',
});

export const INSIDER_ENTRIES_EXPORT_RESOURCE: ListResource = { ...INSIDER_ENTRIES_RESOURCE, params: ['format'] };

/** `yyyy-mm-dd, hh:mm UTC`, as the template writes times. */
export function templateTime(date: Date | null): string | null {
  if (!date) return null;
  const iso = date.toISOString();
  return `${iso.slice(0, 10)}, ${iso.slice(11, 16)} UTC`;
}

const joined = (...parts: Array<string | null>) => parts.filter((p) => p?.trim()).join(', ') || null;

/**
 * The columns of the insider-list template (Commission Implementing Regulation (EU) 2016/347,
 * Annex I, template 1, as kept in UK law), after the project the row belongs to.
 */
export const INSIDER_LIST_COLUMNS: ReadonlyArray<ExportColumn<EntryListRow & { id: number }>> = [
  { header: 'Project', value: (r) => r.projectName },
  { header: 'First name(s) of the insider', value: (r) => r.entry.firstName },
  { header: 'Surname(s) of the insider', value: (r) => r.entry.surname },
  { header: 'Birth surname(s) of the insider (if different)', value: (r) => r.entry.birthSurname },
  { header: 'Professional telephone number(s)', value: (r) => r.entry.professionalPhone },
  { header: 'Company name and address', value: (r) => joined(r.entry.companyName, r.entry.companyAddress) },
  { header: 'Function and reason for being insider', value: (r) => joined(r.entry.function, r.entry.reason) },
  { header: 'Obtained (date and time UTC)', value: (r) => templateTime(r.entry.obtainedAt) },
  { header: 'Ceased (date and time UTC)', value: (r) => templateTime(r.ceasedAt) },
  { header: 'Date of birth', value: (r) => r.entry.dateOfBirth },
  { header: 'National Identification Number (if applicable)', value: (r) => r.entry.nationalId },
  { header: 'Personal telephone numbers', value: (r) => r.entry.personalPhone },
  { header: 'Personal full home address', value: (r) => r.entry.homeAddress },
];

/** The export lists each person's entry as it now stands: superseded versions stay in the register, not in the list. */
export function insiderListExport(db: Db, query: ListQuery): ExportSpec<EntryListRow & { id: number }> {
  const where = and(isNull(corrections.id), query.where);
  return {
    filename: 'insider-list',
    sheet: 'Insider list',
    columns: INSIDER_LIST_COLUMNS,
    orderedIds: async () => (await entryRows(db, where).orderBy(...query.orderBy, asc(insiderEntries.id))).map((r) => r.entry.id),
    loadBatch: async (ids) => (await entryRows(db, inArray(insiderEntries.id, ids))).map((r) => ({ ...r, id: r.entry.id })),
  };
}

export const PA_DEALS_RESOURCE = listResource(PA_DEALS_LIST, {
  filters: {
    status: (value) => {
      const values = value.split(',').map((v) => v.trim());
      if (values.some((v) => !(PA_DEAL_STATUSES as readonly string[]).includes(v)))
        throw new AppError('bad_request', `filter[status] must be one of ${PA_DEAL_STATUSES.join(', ')}.`);
      return inArray(latestStatus, values);
    },
    requester_id: idsFilter('requester_id', paDealRequests.requesterId),
    search: containsFilter(paDealRequests.companyName),
  },
  sorts: { requested_at: paDealRequests.requestedAt, company_name: paDealRequests.companyName },
  defaultSort: '-requested_at',
});

export const INSIDER_REGISTER_VIEWS_RESOURCE = listResource(INSIDER_REGISTER_VIEWS_LIST, {
  filters: {
    user_id: idsFilter('user_id', insiderRegisterViews.userId),
    view: oneOfFilter('view', insiderRegisterViews.view, INSIDER_REGISTER_VIEWS),
  },
  sorts: { viewed_at: insiderRegisterViews.viewedAt },
  defaultSort: '-viewed_at',
});

export const entriesOfProject = (projectId: number) => and(eq(insiderEntries.projectId, projectId), isNull(corrections.id));
