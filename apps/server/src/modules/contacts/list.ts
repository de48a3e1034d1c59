import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import {
  CONTACTS_LIST,
  CONTACT_STATUS_IDS,
  CONTACT_STATUS_LABELS,
  INVESTOR_INTEREST_OPTIONS,
  type ContactStatusId,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, leadStatuses, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { chosenIdsFilter, containsFilter, idList, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';

/** The contacts list and its export share these filters and sorts (every one indexed). */
export const CONTACTS_RESOURCE = listResource(CONTACTS_LIST, {
  filters: {
    search: (value) => {
      const name = containsFilter(contacts.name)(value);
      return name ? or(name, containsFilter(contacts.email)(value), containsFilter(contacts.company)(value)) : undefined;
    },
    status: (value) => {
      const ids = value.split(',').map((v) => Number(v.trim()));
      if (ids.some((id) => !CONTACT_STATUS_IDS.includes(id as ContactStatusId)))
        throw new AppError('bad_request', `filter[status] must be one of ${CONTACT_STATUS_IDS.join(', ')}.`);
      return inArray(contacts.status, ids);
    },
    /** 'none' lists leads without a lead status. */
    lead_status_id: (value) =>
      value.trim() === 'none' ? isNull(contacts.leadStatusId) : inArray(contacts.leadStatusId, idList('lead_status_id', value)),
    owner_id: (value) => (value.trim() === 'none' ? isNull(contacts.ownerId) : idsFilter('owner_id', contacts.ownerId)(value)),
    interest: oneOfFilter('interest', contacts.interest, INVESTOR_INTEREST_OPTIONS),
    ids: chosenIdsFilter(contacts.id),
    converted: (value) => {
      if (value !== '1' && value !== '0') throw new AppError('bad_request', 'filter[converted] must be 1 or 0.');
      return value === '1' ? isNotNull(contacts.convertedUserId) : isNull(contacts.convertedUserId);
    },
  },
  sorts: {
    name: contacts.name,
    email: contacts.email,
    company: contacts.company,
    status: contacts.status,
    created_at: contacts.createdAt,
    updated_at: contacts.updatedAt,
  },
  defaultSort: '-created_at',
});

export const CONTACTS_EXPORT_RESOURCE: ListResource = { ...CONTACTS_RESOURCE, params: ['format'] };

export const liveContacts = (query: ListQuery): SQL | undefined => and(isNull(contacts.deletedAt), query.where);

interface ContactExportRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: string | null;
  interest: string | null;
  status: number;
  leadStatus: string | null;
  owner: string | null;
  convertedAt: Date | null;
  createdAt: Date;
}

const COLUMNS: ReadonlyArray<ExportColumn<ContactExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Company', value: (r) => r.company },
  { header: 'Source', value: (r) => r.source },
  { header: 'Interest', value: (r) => r.interest },
  { header: 'Status', value: (r) => CONTACT_STATUS_LABELS[r.status as ContactStatusId] ?? String(r.status) },
  { header: 'Lead status', value: (r) => r.leadStatus },
  { header: 'Owner', value: (r) => r.owner },
  { header: 'Converted', value: (r) => r.convertedAt?.toISOString() ?? null },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export function contactsExport(db: Db, query: ListQuery): ExportSpec<ContactExportRow> {
  return {
    filename: 'contacts',
    sheet: 'Contacts',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(contacts.id, [...query.orderBy, asc(contacts.id)]) })
          .from(contacts)
          .where(liveContacts(query)),
      ),
    loadBatch: (ids) =>
      db
        .select({
          id: contacts.id,
          name: contacts.name,
          email: contacts.email,
          phone: contacts.phone,
          company: contacts.company,
          source: contacts.source,
          interest: contacts.interest,
          status: contacts.status,
          leadStatus: leadStatuses.name,
          owner: users.name,
          convertedAt: contacts.convertedAt,
          createdAt: contacts.createdAt,
        })
        .from(contacts)
        .leftJoin(leadStatuses, eq(leadStatuses.id, contacts.leadStatusId))
        .leftJoin(users, eq(users.id, contacts.ownerId))
        .where(and(inArray(contacts.id, ids), isNull(contacts.deletedAt))),
  };
}
