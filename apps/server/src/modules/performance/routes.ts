import type { FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type Action,
  asOfQuery,
  type CompanyPriceHistory,
  companyPerformanceSchema,
  dataOf,
  can,
  companyOutcomeSchema,
  companyValuationSchema,
  createCompanyOutcomeBody,
  createCompanyValuationBody,
  createSharePriceBody,
  OPPORTUNITY_PERMISSION_EVENT,
  priceHistoryQuery,
  sharePriceSchema,
  valueHolding,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { companyOutcomes, companyValuations, holdingRealisations, investments, sharePrices, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { idParams, MAX_ID } from '@platform/domain';
import { registerResource } from '../../platform/resource';
import { findOpportunity } from '../../shared/opportunity-visibility';
import { loadPriceHistories } from './history';
import { authorizeOpportunities } from '../../shared/opportunity-access';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { registerCapTableRoutes } from './cap-table';
import { registerRealisationRoutes } from './realisations';
import { loadRealisations, presentFigures, realisationFlow } from './holders';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A kind of price-history record: its contract, and how its form maps onto its row. */
interface HistoryKind<Row extends HistoryRow, Item extends z.ZodType, Body extends z.ZodType<DatedInput>> {
  path: string;
  subject: string;
  table: PgTable & { id: PgColumn; opportunityId: PgColumn; date: PgColumn; deletedAt: PgColumn };
  item: Item;
  body: Body;
  row: (input: z.output<Body>) => Partial<Row>;
  present: (row: Row) => z.input<Item>;
  /** Refuses to delete a record others depend on (inside the delete's transaction). */
  beforeDelete?: (tx: Db, id: number) => Promise<void>;
}
interface HistoryRow {
  id: number;
  opportunityId: number;
  date: string;
  note: string | null;
  createdAt: Date;
}
interface DatedInput {
  opportunity_id: number;
  date: string;
  note?: string | null;
}

const common = (row: HistoryRow) => ({
  id: row.id,
  opportunity_id: row.opportunityId,
  date: row.date,
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

const sharePriceKind: HistoryKind<typeof sharePrices.$inferSelect, typeof sharePriceSchema, typeof createSharePriceBody> = {
  path: '/api/share-prices',
  subject: 'share_price',
  table: sharePrices,
  item: sharePriceSchema,
  body: createSharePriceBody,
  row: (i) => ({ price: i.price }),
  present: (r) => ({ ...common(r), price: r.price }),
};

const valuationKind: HistoryKind<typeof companyValuations.$inferSelect, typeof companyValuationSchema, typeof createCompanyValuationBody> =
  {
    path: '/api/company-valuations',
    subject: 'company_valuation',
    table: companyValuations,
    item: companyValuationSchema,
    body: createCompanyValuationBody,
    row: (i) => ({ valuation: i.valuation, sharesOutstanding: i.shares_outstanding }),
    present: (r) => ({ ...common(r), valuation: r.valuation, shares_outstanding: r.sharesOutstanding }),
  };

const outcomeKind: HistoryKind<typeof companyOutcomes.$inferSelect, typeof companyOutcomeSchema, typeof createCompanyOutcomeBody> = {
  path: '/api/company-outcomes',
  subject: 'company_outcome',
  table: companyOutcomes,
  item: companyOutcomeSchema,
  body: createCompanyOutcomeBody,
  row: (i) => ({ kind: i.kind, price: i.price ?? null }),
  present: (r) => ({ ...common(r), kind: r.kind, price: r.price }),
  beforeDelete: async (tx, id) => {
    const [paid] = await tx
      .select({ id: holdingRealisations.id })
      .from(holdingRealisations)
      .where(and(eq(holdingRealisations.outcomeId, id), isNull(holdingRealisations.deletedAt)))
      .limit(1);
    if (paid) throw new AppError('conflict', "Holders' proceeds were recorded from this outcome: delete them first.");
  },
};

/** A company's records of one kind: listed by date, added, deleted (an opportunity's Performance tab). */
function registerHistoryKind<Row extends HistoryRow, Item extends z.ZodType, Body extends z.ZodType<DatedInput>>(
  app: App,
  { db, clock }: AppContext,
  kind: HistoryKind<Row, Item, Body>,
  opportunityFor: (request: FastifyRequest, opportunityId: number, action: Action) => Promise<{ id: number }>,
) {
  const t = kind.table;
  registerResource(app, {
    path: kind.path,
    item: kind.item,
    guard: (action) => authorizeOpportunities(action === 'index' || action === 'show' ? 'show' : 'update'),
    list: {
      query: priceHistoryQuery,
      paged: false,
      async run(request, raw) {
        const id = Number(raw['filter[opportunity_id]']);
        if (!Number.isInteger(id) || id < 1)
          throw new AppError('bad_request', 'filter[opportunity_id] is required: the history of one company.');
        // Well formed, but beyond any id the database can hold: no such company, as for a missing one.
        if (id > MAX_ID) throw notFound('opportunity');
        const opportunity = await opportunityForTab(db, request, id, 'show', 'performance');
        const rows = (await db
          .select()
          .from(t)
          .where(and(eq(t.opportunityId, opportunity.id), isNull(t.deletedAt)))
          .orderBy(asc(t.date))) as Row[];
        return rows.map(kind.present);
      },
    },
    create: {
      body: kind.body,
      async run(request, input) {
        const opportunity = await opportunityFor(request, input.opportunity_id, 'update');
        const created = await db
          .transaction(async (tx) => {
            const [row] = await tx
              .insert(t)
              .values({
                opportunityId: opportunity.id,
                date: input.date,
                note: input.note ?? null,
                createdBy: requireUser(request).id,
                ...kind.row(input),
              } as never)
              .returning();
            await recordActivity(tx, {
              request,
              action: `${kind.subject}_added`,
              subjectType: 'opportunity',
              subjectId: opportunity.id,
              after: row,
            });
            return row as unknown as Row;
          })
          .catch((error: unknown) => {
            // One share price or valuation per company per day: a second is a field error on the date.
            if ((error as { cause?: { code?: string } }).cause?.code === '23505')
              throw validationError({ date: ['There is already one for this date: delete it first to replace it.'] });
            throw error;
          });
        return kind.present(created);
      },
    },
    remove: {
      actions: ['update'],
      async run(request, id) {
        const [existing] = (await db
          .select()
          .from(t)
          .where(and(eq(t.id, id), isNull(t.deletedAt)))) as Array<{ opportunityId: number }>;
        if (!existing) throw notFound('record');
        const opportunity = await opportunityFor(request, existing.opportunityId, 'update');
        await db.transaction(async (tx) => {
          await kind.beforeDelete?.(tx, id);
          const [row] = await tx
            .update(t)
            .set({ deletedAt: clock.now() } as never)
            .where(eq(t.id, id))
            .returning();
          await recordActivity(tx, {
            request,
            action: `${kind.subject}_deleted`,
            subjectType: 'opportunity',
            subjectId: opportunity.id,
            before: row,
          });
        });
      },
    },
  });
}

/**
 * Existing investments' performance (spec §2.2 Performance tab, DOMAIN.md step 4): share prices,
 * valuations and outcomes over time, and each holder's cost, value, realised proceeds, multiple and
 * IRR computed by the domain arithmetic of decision 0006.
 */
export function registerPerformanceRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  registerCapTableRoutes(app, ctx);
  registerRealisationRoutes(app, ctx);
  async function opportunityFor(request: FastifyRequest, opportunityId: number, action: Action) {
    const user = requireUser(request);
    const row = await findOpportunity(db, opportunityId);
    if (!row) throw notFound('opportunity');
    if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), action)) throw forbidden();
    return row;
  }

  registerHistoryKind(app, ctx, sharePriceKind, opportunityFor);
  registerHistoryKind(app, ctx, valuationKind, opportunityFor);
  registerHistoryKind(app, ctx, outcomeKind, opportunityFor);

  /** Per-holder and total figures of one company, as of today (or `as_of`), with the price series for the chart. */
  app.get(
    '/api/investment-opportunities/:id/performance',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: dataOf(companyPerformanceSchema) } },
      onRequest: authorizeOpportunities('show'),
    },
    async (request) => {
      const opportunity = await opportunityForTab(db, request, request.params.id, 'show', 'performance');
      const asOf = request.query.as_of ?? isoDay(clock.now());
      const history = (await loadPriceHistories(db, [opportunity.id])).get(opportunity.id)!;
      const held = await db
        .select({ investment: investments, name: users.name })
        .from(investments)
        .innerJoin(users, eq(users.id, investments.userId))
        .where(
          and(
            eq(investments.opportunityId, opportunity.id),
            inArray(investments.status, ['paid', 'completed']),
            isNull(investments.deletedAt),
            ne(investments.shares, '0'),
          ),
        )
        .orderBy(asc(users.name), asc(investments.id));
      const byHolder = new Map<number, { name: string; rows: typeof held }>();
      for (const h of held) {
        if (!h.investment.shares) continue;
        const group = byHolder.get(h.investment.userId) ?? { name: h.name, rows: [] };
        group.rows.push(h);
        byHolder.set(h.investment.userId, group);
      }
      const realisations = await loadRealisations(db, { opportunityId: opportunity.id });
      const flowsOf = (rows: typeof held, userId?: number) => ({
        investments: rows.map((r) => ({
          date: isoDay(r.investment.paidAt ?? r.investment.createdAt),
          amount: r.investment.amount,
          shares: r.investment.shares!,
        })),
        realisations: realisations.filter((r) => userId === undefined || r.userId === userId).map(realisationFlow),
      });
      const holders = [...byHolder].map(([userId, g]) => ({
        user_id: userId,
        name: g.name,
        ...presentFigures(valueHolding(flowsOf(g.rows, userId), history, asOf)),
      }));
      const total = held.length ? presentFigures(valueHolding(flowsOf(held.filter((h) => h.investment.shares)), history, asOf)) : null;
      return {
        data: { opportunity_id: opportunity.id, currency: opportunity.currency, as_of: asOf, total, holders, series: priceSeries(history) },
      };
    },
  );
}

/** Price per share over time, from every kind of record, for the chart (6 dp; valuations divided out). */
function priceSeries(history: CompanyPriceHistory) {
  const points = [
    ...(history.sharePrices ?? []).map((p) => ({ date: p.date, source: 'share-price', price: new Decimal(p.price).toFixed(6) })),
    ...(history.valuations ?? []).map((v) => ({
      date: v.date,
      source: 'valuation',
      price: new Decimal(v.valuation).div(v.sharesOutstanding).toFixed(6),
    })),
    ...(history.outcomes ?? []).map((o) => ({
      date: o.date,
      source: o.kind,
      price: o.kind === 'write-off' ? '0.000000' : new Decimal(o.price).toFixed(6),
    })),
  ];
  // One point a day: the record that prices the shares that day wins (decision 0006's order).
  const byDate = new Map<string, (typeof points)[number]>();
  for (const point of points) {
    const current = byDate.get(point.date);
    if (!current || SOURCE_RANK.indexOf(point.source) > SOURCE_RANK.indexOf(current.source)) byDate.set(point.date, point);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const SOURCE_RANK = ['valuation', 'share-price', 'partial-realisation', 'exit', 'write-off'];
