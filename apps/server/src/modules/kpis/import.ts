import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  can,
  currencySymbol,
  KPI_FREQUENCY_LABELS,
  type KpiFrequency,
  type KpiUnit,
  kpiFrequencyOfKey,
  kpiPeriodKey,
  kpiPeriodStart,
  kpiValueInput,
  type ImportRowError,
} from '@platform/domain';
import { activityLog, investmentOpportunities, kpis, kpiValues } from '../../db/schema';
import type { Importer } from '../../shared/importer';
import { KPI_COMPANY_STATUSES, periodHint, trimDecimal } from './service';

/** A checked row of a KPI-values import: what it writes, and the value it replaces if one is held. */
export interface KpiValueRecord {
  line: number;
  opportunityId: number;
  company: string;
  kpiId: number;
  kpi: string;
  period: string;
  periodStart: string;
  value: string;
  note: string | null;
  /** The value already recorded for this company, KPI and period (its id and value), which the import replaces. */
  replaces: { id: number; value: string } | null;
}

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A cell's number by the KPI's unit: a percentage may end in '%' (38.5% is 38.5, as staff enter it),
 * a currency value may carry its company's own currency sign or code, a plain number neither. The
 * number itself is the one rule every KPI value follows (`kpiValueInput`): exact, up to 6 places.
 */
function readValue(text: string, unit: KpiUnit, currency: string): { value: string } | { error: string } {
  let rest = text.replace(/\s/g, '');
  if (unit === 'percentage' && rest.endsWith('%')) rest = rest.slice(0, -1);
  // '£1,250', '-£20', 'EUR -20': the company's currency, before the amount.
  const marked = unit === 'currency' ? /^(-?)([^\d.,-]+)(.*)$/.exec(rest) : null;
  if (marked) {
    if (marked[2].toUpperCase() !== currency && marked[2] !== currencySymbol(currency))
      return { error: `'${text}' is not in ${currency}, the company's currency: write the amount in ${currency}.` };
    rest = marked[1] + marked[3];
  }
  if (/[^\d.,-]/.test(rest))
    return {
      error:
        unit === 'percentage'
          ? `'${text}' is not a percentage: write 38.5 or 38.5% for 38.5%.`
          : unit === 'currency'
            ? `'${text}' is not an amount: write 1250000 or ${currencySymbol(currency)}1,250,000.`
            : `'${text}' is not a number: this KPI is a plain number, without % or a currency.`,
    };
  const parsed = kpiValueInput.safeParse(rest);
  return parsed.success ? { value: parsed.data } : { error: `'${text}': ${parsed.error.issues[0]?.message}` };
}

/**
 * A period as written for the KPI's frequency (2026-Q1, 2026-03, 2026). A spreadsheet that turned
 * '2026-03' into a date gives '2026-03-01': the first day of a period names that period too.
 */
function readPeriod(text: string, frequency: KpiFrequency): string | null {
  const start = kpiPeriodStart(frequency, text);
  if (start) return start;
  const day = text.trim();
  if (!/^\d{4}-(0[1-9]|1[0-2])-01$/.test(day)) return null;
  return kpiPeriodStart(frequency, kpiPeriodKey(frequency, day)) === day ? day : null;
}

/**
 * KPI values from a spreadsheet (decision 0026): one row per company, KPI and period. Each row is
 * checked against the KPI definitions (name, unit, frequency), the existing investments (by name
 * or company name) and the values already held: a value already recorded for that company, KPI and
 * period is replaced — the preview counts them — which needs `kpis` update as well as create.
 */
export const kpiValuesImporter: Importer<KpiValueRecord> = {
  async check(db, rows, actor) {
    const errors: ImportRowError[] = [];
    const records: KpiValueRecord[] = [];
    const [definitions, companies] = await Promise.all([
      db.select().from(kpis).where(isNull(kpis.deletedAt)),
      db
        .select({
          id: investmentOpportunities.id,
          name: investmentOpportunities.name,
          companyName: investmentOpportunities.companyName,
          currency: investmentOpportunities.currency,
        })
        .from(investmentOpportunities)
        .where(and(isNull(investmentOpportunities.deletedAt), inArray(investmentOpportunities.status, KPI_COMPANY_STATUSES))),
    ]);
    const kpiByName = new Map(definitions.map((k) => [key(k.name), k]));
    // A company is found by its investment's name or its company name; one text naming two is ambiguous.
    const companyByName = new Map<string, (typeof companies)[number] | null>();
    for (const company of companies)
      for (const name of new Set([key(company.name), key(company.companyName)]))
        companyByName.set(name, companyByName.has(name) && companyByName.get(name)?.id !== company.id ? null : company);
    const firstLine = new Map<string, number>();
    for (const { line, get } of rows) {
      const fail = (field: string, message: string) => errors.push({ row: line, field, message });
      const before = errors.length;
      const companyText = get('company');
      const company = companyText ? companyByName.get(key(companyText)) : undefined;
      if (!companyText) fail('company', 'The company is empty.');
      else if (company === null)
        fail('company', `'${companyText}' names more than one existing investment: use the investment's own name.`);
      else if (!company) fail('company', `No existing investment is called '${companyText}'.`);
      const kpiText = get('kpi');
      const kpi = kpiText ? kpiByName.get(key(kpiText)) : undefined;
      if (!kpiText) fail('kpi', 'The KPI is empty.');
      else if (!kpi) fail('kpi', `No KPI is called '${kpiText}': add it under Settings › KPIs or correct the cell.`);
      const periodText = get('period');
      let periodStart: string | null = null;
      if (!periodText) fail('period', 'The period is empty.');
      else if (kpi) {
        periodStart = readPeriod(periodText, kpi.frequency);
        const written = kpiFrequencyOfKey(periodText);
        if (!periodStart)
          fail(
            'period',
            written && written !== kpi.frequency
              ? `${kpi.name} is reported ${KPI_FREQUENCY_LABELS[kpi.frequency].toLowerCase()}: '${periodText}' is ${KPI_FREQUENCY_LABELS[written].toLowerCase()}. ${periodHint(kpi.frequency)}`
              : `'${periodText}' is not a period. ${periodHint(kpi.frequency)}`,
          );
      }
      const valueText = get('value');
      let value: string | null = null;
      if (!valueText) fail('value', 'The value is empty.');
      else if (kpi && company) {
        const read = readValue(valueText, kpi.unit, company.currency);
        if ('error' in read) fail('value', read.error);
        else value = read.value;
      }
      const note = get('note') || null;
      if (note && note.length > 500) fail('note', 'The note is longer than 500 characters.');
      if (company && kpi && periodStart) {
        const slot = `${company.id}-${kpi.id}-${periodStart}`;
        const earlier = firstLine.get(slot);
        if (earlier)
          fail('period', `Row ${earlier} already gives ${kpi.name} of ${company.name} for ${kpiPeriodKey(kpi.frequency, periodStart)}.`);
        else firstLine.set(slot, line);
      }
      if (errors.length === before && company && kpi && periodStart && value !== null)
        records.push({
          line,
          opportunityId: company.id,
          company: company.name,
          kpiId: kpi.id,
          kpi: kpi.name,
          period: kpiPeriodKey(kpi.frequency, periodStart),
          periodStart,
          value,
          note,
          replaces: null,
        });
    }
    // Values already recorded for the same company, KPI and period: replaced, if the role may change values.
    const mayChange = can(actor.roleId, 'kpis', 'update');
    let updates = 0;
    for (let start = 0; start < records.length; start += 1000) {
      const chunk = records.slice(start, start + 1000);
      const held = await db
        .select({
          id: kpiValues.id,
          slot: sql<string>`${kpiValues.opportunityId} || '-' || ${kpiValues.kpiId} || '-' || ${kpiValues.periodStart}`,
          value: kpiValues.value,
        })
        .from(kpiValues)
        .where(
          and(
            isNull(kpiValues.deletedAt),
            inArray(kpiValues.opportunityId, [...new Set(chunk.map((r) => r.opportunityId))]),
            inArray(kpiValues.kpiId, [...new Set(chunk.map((r) => r.kpiId))]),
            inArray(kpiValues.periodStart, [...new Set(chunk.map((r) => r.periodStart))]),
          ),
        );
      const heldBySlot = new Map(held.map((h) => [h.slot, h]));
      for (const record of chunk) {
        const found = heldBySlot.get(`${record.opportunityId}-${record.kpiId}-${record.periodStart}`);
        if (!found) continue;
        if (!mayChange)
          errors.push({
            row: record.line,
            field: 'period',
            message: `${record.kpi} of ${record.company} for ${record.period} is already recorded (${trimDecimal(found.value)}); your role may add values but not change them.`,
          });
        else {
          record.replaces = { id: found.id, value: trimDecimal(found.value) };
          updates += 1;
        }
      }
    }
    errors.sort((a, b) => a.row - b.row);
    const bad = new Set(errors.map((e) => e.row));
    return { records: records.filter((r) => !bad.has(r.line)), errors, updates };
  },

  async write(tx, batch, actor) {
    const added = batch.filter((r) => !r.replaces);
    const rows = added.length
      ? await tx
          .insert(kpiValues)
          .values(
            added.map((r) => ({
              kpiId: r.kpiId,
              opportunityId: r.opportunityId,
              periodStart: r.periodStart,
              value: r.value,
              note: r.note,
              createdBy: actor.id,
            })),
          )
          .returning()
      : [];
    const changed: Array<typeof kpiValues.$inferSelect> = [];
    for (const r of batch.filter((r) => r.replaces))
      changed.push(
        ...(await tx
          .update(kpiValues)
          .set({ value: r.value, note: r.note, updatedAt: actor.now })
          .where(eq(kpiValues.id, r.replaces!.id))
          .returning()),
      );
    // Each value added or changed has its line in the company's activity, as one entered by hand.
    const before = new Map(batch.filter((r) => r.replaces).map((r) => [r.replaces!.id, r.replaces!.value]));
    const logged = [
      ...rows.map((row) => ({ action: 'kpi_value_added', row, before: null })),
      ...changed.map((row) => ({ action: 'kpi_value_changed', row, before: { value: before.get(row.id) } })),
    ];
    if (logged.length)
      await tx.insert(activityLog).values(
        logged.map(({ action, row, before }) => ({
          actorId: actor.id,
          action,
          subjectType: 'opportunity',
          subjectId: String(row.opportunityId),
          before,
          after: { ...row, source: 'import' },
          ip: actor.ip,
        })),
      );
    return { rows: [...rows, ...changed], updated: changed.length };
  },

  present: (r) => ({
    line: r.line,
    company: r.company,
    kpi: r.kpi,
    period: r.period,
    value: r.value,
    note: r.note,
    replaces: r.replaces?.value ?? null,
  }),
};
