import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { investments, nominees } from '../../db/schema';
import type { ExportColumn } from '../../platform/export';
import { clearable, requiredText, textInput } from '@platform/domain';
import { containsFilter } from '../../platform/list-filters';
import type { ListResource } from '../../platform/list-query';
import { registerHolderResource } from '../holders';
import { flagOn, loadSettings } from '../../shared/settings';

type NomineeRow = typeof nominees.$inferSelect;

const nomineeFields = {
  name: requiredText(200, 'Enter the nominee name.'),
  company_number: clearable(textInput(40)),
  email: clearable(z.string().trim().max(254, 'Use at most 254 characters.').email('Enter an email address such as name@example.com.')),
  address: clearable(textInput(500)),
};
const createNomineeSchema = z.strictObject({ ...z.object(nomineeFields).partial().shape, name: nomineeFields.name });
const updateNomineeSchema = z.strictObject(nomineeFields).partial();
type NomineeInput = z.infer<typeof createNomineeSchema>;

const NOMINEES_RESOURCE: ListResource = {
  name: 'nominees',
  filters: {
    search: (value) => {
      const name = containsFilter(nominees.name)(value);
      const number = containsFilter(nominees.companyNumber)(value);
      return name && number ? or(name, number) : undefined;
    },
  },
  sorts: { name: nominees.name, created_at: nominees.createdAt },
  defaultSort: 'name',
  fields: ['name', 'company_number', 'email', 'address', 'created_at', 'updated_at'],
};

function nomineeColumns(input: Partial<NomineeInput>) {
  const columns: Record<string, unknown> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.company_number !== undefined) columns.companyNumber = input.company_number;
  if (input.email !== undefined) columns.email = input.email;
  if (input.address !== undefined) columns.address = input.address;
  return columns;
}

const presentNominee = (row: NomineeRow) => ({
  id: row.id,
  name: row.name,
  company_number: row.companyNumber,
  email: row.email,
  address: row.address,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<NomineeRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Company number', value: (r) => r.companyNumber },
  { header: 'Email', value: (r) => r.email },
  { header: 'Address', value: (r) => r.address },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

/**
 * Nominees (spec §2.2 /admin/investors/nominees): companies that hold shares for investors. They
 * exist only while `nominee_enabled` is on: with it off every route answers 404.
 */
export function registerNomineeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerHolderResource<NomineeRow, NomineeInput, NomineeRow>(app, ctx, {
    subject: 'nominee',
    label: 'nominee',
    path: '/api/nominees',
    table: nominees,
    list: NOMINEES_RESOURCE,
    includes: [],
    createSchema: createNomineeSchema,
    updateSchema: updateNomineeSchema,
    columns: nomineeColumns,
    present: async (_db, rows) => rows.map(presentNominee),
    heldBy: (id) => eq(investments.nomineeId, id),
    exportColumns: EXPORT_COLUMNS,
    exportRows: (db: Db, ids) =>
      db
        .select()
        .from(nominees)
        .where(and(inArray(nominees.id, ids), isNull(nominees.deletedAt))),
    enabled: async (db) => flagOn(await loadSettings(db), 'nominee_enabled'),
  });
}
