import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { InvestorUpdateReport, UpdateReport, UpdateReportAudience } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  clientGroups,
  funds,
  investmentOpportunities,
  reportTypes,
  updateReportClientGroups,
  updateReportRecipients,
  users,
} from '../../db/schema';
import { namesById, type Named } from '../../platform/lookup';
import type { UpdateReportRow } from './service';

type Subject = UpdateReport['subject'];

const present = <T>(ids: Iterable<T | null>) => [...new Set([...ids].filter((id): id is T => id !== null))];
const ref = (names: Map<number, Named>, id: number | null) => (id === null ? null : (names.get(id) ?? null));

/** The companies and funds a page of updates is about, by the update's id. */
async function subjectsOf(db: Db, rows: UpdateReportRow[]): Promise<Map<number, Subject>> {
  const opportunityIds = present(rows.map((r) => r.opportunityId));
  const fundIds = present(rows.map((r) => r.fundId));
  const [companies, fundNames] = await Promise.all([
    opportunityIds.length
      ? db
          .select({ id: investmentOpportunities.id, name: investmentOpportunities.companyName })
          .from(investmentOpportunities)
          .where(inArray(investmentOpportunities.id, opportunityIds))
      : [],
    namesById(db, funds, fundIds),
  ]);
  const companyNames = new Map(companies.map((c) => [c.id, c.name]));
  return new Map(
    rows.map((r): [number, Subject] => {
      if (r.opportunityId !== null) return [r.id, { type: 'company', id: r.opportunityId, name: companyNames.get(r.opportunityId) ?? '' }];
      if (r.fundId !== null) return [r.id, { type: 'fund', id: r.fundId, name: fundNames.get(r.fundId)?.name ?? '' }];
      return [r.id, null];
    }),
  );
}

/** Report type and sub-type names and the subject of each update, shared by staff's and investors' answers. */
async function describe(db: Db, rows: UpdateReportRow[]) {
  const [types, subjects] = await Promise.all([
    namesById(
      db,
      reportTypes,
      rows.flatMap((r) => [r.reportTypeId, r.reportSubTypeId]),
    ),
    subjectsOf(db, rows),
  ]);
  return (row: UpdateReportRow) => ({
    id: row.id,
    title: row.title,
    report_type: ref(types, row.reportTypeId),
    report_sub_type: ref(types, row.reportSubTypeId),
    opportunity_id: row.opportunityId,
    fund_id: row.fundId,
    subject: subjects.get(row.id) ?? null,
  });
}

/** Updates as staff see them: audience, schedule, and how many of the audience opened each. */
export async function presentReports(db: Db, rows: UpdateReportRow[]): Promise<UpdateReport[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [common, groups, counts, creators] = await Promise.all([
    describe(db, rows),
    db
      .select({ reportId: updateReportClientGroups.updateReportId, id: clientGroups.id, name: clientGroups.name })
      .from(updateReportClientGroups)
      .innerJoin(clientGroups, and(eq(clientGroups.id, updateReportClientGroups.groupId), isNull(clientGroups.deletedAt)))
      .where(inArray(updateReportClientGroups.updateReportId, ids))
      .orderBy(clientGroups.name),
    db
      .select({
        reportId: updateReportRecipients.updateReportId,
        recipients: count(),
        opened: count(updateReportRecipients.openedAt),
      })
      .from(updateReportRecipients)
      .where(inArray(updateReportRecipients.updateReportId, ids))
      .groupBy(updateReportRecipients.updateReportId),
    namesById(
      db,
      users,
      rows.map((r) => r.createdBy),
    ),
  ]);
  const countsOf = new Map(counts.map((c) => [c.reportId, c]));
  return rows.map((row) => ({
    ...common(row),
    status: row.status,
    body: row.body,
    audience: row.audience as UpdateReportAudience,
    client_groups: groups.filter((g) => g.reportId === row.id).map((g) => ({ id: g.id, name: g.name })),
    publish_at: row.publishAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    recipients_count: Number(countsOf.get(row.id)?.recipients ?? 0),
    opened_count: Number(countsOf.get(row.id)?.opened ?? 0),
    created_by: ref(creators, row.createdBy),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Updates as their reader sees them, with when they opened each. */
export async function presentForInvestor(
  db: Db,
  rows: Array<UpdateReportRow & { openedAt: Date | null }>,
): Promise<InvestorUpdateReport[]> {
  const common = await describe(db, rows);
  return rows.map((row) => ({
    ...common(row),
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
    opened_at: row.openedAt?.toISOString() ?? null,
  }));
}
