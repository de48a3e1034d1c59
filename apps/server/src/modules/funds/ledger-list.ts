import { and, asc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { LEDGERS_LIST, type LedgerEntry } from '@platform/domain';
import type { Db } from '../../db/client';
import { funds, LEDGER_KINDS, ledgers, users } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { dayFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import { namesById } from '../../platform/lookup';
import type { LedgerRow } from './ledger';

/** The ledgers list (a fund's or an investor's transactions) and its export share these. */
export const LEDGERS_RESOURCE = listResource(LEDGERS_LIST, {
  filters: {
    fund_id: idsFilter('fund_id', ledgers.fundId),
    investor_id: idsFilter('investor_id', ledgers.investorId),
    kind: oneOfFilter('kind', ledgers.kind, LEDGER_KINDS),
    date_from: (v) => gte(ledgers.date, dayFilter('date_from', v)),
    date_to: (v) => lte(ledgers.date, dayFilter('date_to', v)),
  },
  sorts: { date: ledgers.date, amount: ledgers.amount, kind: ledgers.kind, created_at: ledgers.createdAt },
  defaultSort: '-date',
});

export const LEDGERS_EXPORT_RESOURCE: ListResource = { ...LEDGERS_RESOURCE, params: ['format'] };

/** Live entries. (A fund with live entries cannot be deleted, so they all belong to live funds.) */
export const liveLedgers = (where: SQL | undefined) => and(isNull(ledgers.deletedAt), where);

export function presentLedger(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    fund_id: row.fundId,
    investor_id: row.investorId,
    kind: row.kind,
    date: row.date,
    amount: row.amount,
    units: row.units,
    nav_per_unit: row.navPerUnit,
    reference: row.reference,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function presentLedgersWith(db: Db, rows: LedgerRow[], includes: ReadonlySet<string>): Promise<LedgerEntry[]> {
  const [fundNames, investors] = await Promise.all([
    includes.has('fund')
      ? namesById(
          db,
          funds,
          rows.map((r) => r.fundId),
        )
      : null,
    includes.has('investor')
      ? namesById(
          db,
          users,
          rows.map((r) => r.investorId),
        )
      : null,
  ]);
  return rows.map((row) => ({
    ...presentLedger(row),
    ...(fundNames ? { fund: fundNames.get(row.fundId) ?? null } : {}),
    ...(investors ? { investor: investors.get(row.investorId) ?? null } : {}),
  }));
}

interface LedgerExportRow {
  id: number;
  date: string;
  fund: string | null;
  currency: string | null;
  investor: string | null;
  email: string | null;
  kind: string;
  amount: string;
  units: string | null;
  navPerUnit: string | null;
  reference: string | null;
}

const COLUMNS: ReadonlyArray<ExportColumn<LedgerExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Date', value: (r) => r.date },
  { header: 'Fund', value: (r) => r.fund },
  { header: 'Investor', value: (r) => r.investor },
  { header: 'Investor email', value: (r) => r.email },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Amount', value: (r) => r.amount, kind: 'money' },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Units', value: (r) => r.units, kind: 'units' },
  { header: 'NAV per unit', value: (r) => r.navPerUnit, kind: 'units' },
  { header: 'Reference', value: (r) => r.reference },
];

export function ledgersExport(db: Db, where: SQL | undefined, query: ListQuery): ExportSpec<LedgerExportRow> {
  return {
    filename: 'ledgers',
    sheet: 'Ledgers',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(ledgers.id, [...query.orderBy, asc(ledgers.id)]) })
          .from(ledgers)
          .where(where),
      ),
    loadBatch: (ids) =>
      db
        .select({
          id: ledgers.id,
          date: ledgers.date,
          fund: funds.name,
          currency: funds.currency,
          investor: users.name,
          email: users.email,
          kind: ledgers.kind,
          amount: ledgers.amount,
          units: ledgers.units,
          navPerUnit: ledgers.navPerUnit,
          reference: ledgers.reference,
        })
        .from(ledgers)
        .leftJoin(funds, eq(funds.id, ledgers.fundId))
        .leftJoin(users, eq(users.id, ledgers.investorId))
        .where(and(inArray(ledgers.id, ids), isNull(ledgers.deletedAt))),
  };
}
