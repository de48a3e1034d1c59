import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { investmentOpportunities, investments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { rowsOf } from '../performance';

/**
 * The kept totals of live investments (`investment_totals`, decision 0076) against a count of the
 * investments themselves, after every kind of write the app and a bulk load make; and the overview's
 * money figures, which read them, against the straightforward sums over every investment.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(new Date('2026-03-15T12:00:00Z')) });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

interface TotalRow {
  opportunity_id: number;
  currency: string;
  status: string;
  investments: number;
  amount: string;
}

const kept = async () =>
  rowsOf<TotalRow>(
    await t.db.execute(sql`
      select opportunity_id, currency, status, investments::int as investments, amount::text as amount
      from investment_totals where investments <> 0 order by 1, 2, 3`),
  );
const counted = async () =>
  rowsOf<TotalRow>(
    await t.db.execute(sql`
      select opportunity_id, currency, status, count(*)::int as investments, sum(amount)::text as amount
      from investments where deleted_at is null group by 1, 2, 3 order by 1, 2, 3`),
  );
/** A key whose investments have all gone is at zero, never below. */
const strayKeys = async () =>
  rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from investment_totals where investments < 0 or (investments = 0 and amount <> 0)`),
  )[0].n;

async function expectInStep() {
  expect(await kept()).toEqual(await counted());
  expect(await strayKeys()).toBe(0);
}

describe('investment totals kept by the triggers', () => {
  it('stay equal to a count of the live investments through every kind of write', async () => {
    const gbp = await createOpportunityRow(t, { name: 'Totals GBP Ltd', targetRaise: '1000000.00' });
    const eur = await createOpportunityRow(t, { name: 'Totals EUR SA', targetRaise: '1000000.00' });
    await t.db.update(investmentOpportunities).set({ currency: 'EUR' }).where(eq(investmentOpportunities.id, eur.id));
    const investor = await createUser(t.ctx, { roleId: Role.User });
    const other = await createUser(t.ctx, { roleId: Role.User });

    // One at a time, then several in one statement, as a bulk load writes them.
    const first = await createInvestmentRow(t, { opportunityId: gbp.id, userId: investor.id, amount: '1000.10' });
    const second = await createInvestmentRow(t, { opportunityId: gbp.id, userId: other.id, amount: '250.25', status: 'paid' });
    const bulk = await t.db
      .insert(investments)
      .values(
        ['10.01', '20.02', '30.03', '40.04'].map((amount, i) => ({
          opportunityId: eur.id,
          userId: i % 2 ? investor.id : other.id,
          amount,
          currency: 'EUR',
          status: i < 2 ? 'reserved' : 'paid',
          receivedAmount: i < 2 ? '0' : amount,
          paymentReference: `TOTALS-${process.pid}-${i}`,
        })),
      )
      .returning();
    await expectInStep();

    // A move along the lifecycle, a new amount, a new currency, another opportunity.
    await t.db.update(investments).set({ status: 'cash_call' }).where(eq(investments.id, first.id));
    await expectInStep();
    await t.db.update(investments).set({ amount: '1200.12' }).where(eq(investments.id, first.id));
    await expectInStep();
    await t.db.update(investments).set({ currency: 'USD' }).where(eq(investments.id, second.id));
    await expectInStep();
    await t.db.update(investments).set({ opportunityId: eur.id, currency: 'EUR' }).where(eq(investments.id, second.id));
    await expectInStep();

    // Many rows in one statement, some of them moving between the same keys.
    await t.db.update(investments).set({ status: 'completed' }).where(eq(investments.opportunityId, eur.id));
    await expectInStep();

    // A write that changes nothing counted leaves the totals as they were.
    const before = await kept();
    await t.db.update(investments).set({ cancelReason: 'not counted' }).where(eq(investments.id, first.id));
    expect(await kept()).toEqual(before);

    // Cancelled rows are kept under their status; deleted rows leave, restored rows come back.
    await t.db.update(investments).set({ status: 'cancelled' }).where(eq(investments.id, bulk[0].id));
    await expectInStep();
    await t.db
      .update(investments)
      .set({ deletedAt: new Date() })
      .where(inArray(investments.id, [bulk[1].id, bulk[2].id]));
    await expectInStep();
    await t.db.update(investments).set({ deletedAt: null }).where(eq(investments.id, bulk[1].id));
    await expectInStep();
    await t.db.delete(investments).where(inArray(investments.id, [bulk[3].id, bulk[2].id]));
    await expectInStep();
  });

  it("gives the overview's money figures the straightforward sums over every investment", async () => {
    // Rows this period and before it, received or not, in a deleted opportunity, and deleted.
    const live = await createOpportunityRow(t, { name: 'Overview Ltd', targetRaise: '1000000.00' });
    const gone = await createOpportunityRow(t, { name: 'Deleted Ltd', targetRaise: '1000000.00' });
    const investor = await createUser(t.ctx, { roleId: Role.User });
    const rows = [
      { amount: '500.50', status: 'paid', created: '2026-02-10', paid: '2026-03-02' },
      { amount: '700.70', status: 'completed', created: '2026-01-05', paid: null },
      { amount: '300.30', status: 'reserved', created: '2026-03-03', paid: null },
      { amount: '900.90', status: 'cash_call', created: '2025-12-01', paid: null },
    ];
    for (const row of rows) {
      const made = await createInvestmentRow(t, { opportunityId: live.id, userId: investor.id, amount: row.amount, status: row.status });
      await t.db
        .update(investments)
        .set({ createdAt: new Date(`${row.created}T09:00:00Z`), paidAt: row.paid ? new Date(`${row.paid}T09:00:00Z`) : null })
        .where(eq(investments.id, made.id));
    }
    const deleted = await createInvestmentRow(t, { opportunityId: live.id, userId: investor.id, amount: '55.55', status: 'paid' });
    await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, deleted.id));
    await createInvestmentRow(t, { opportunityId: gone.id, userId: investor.id, amount: '66.66', status: 'paid' });
    await t.db.update(investmentOpportunities).set({ deletedAt: new Date(), status: 5 }).where(eq(investmentOpportunities.id, gone.id));
    await t.db.update(investmentOpportunities).set({ status: 5 }).where(eq(investmentOpportunities.id, live.id));

    const start = '2026-03-01T00:00:00Z';
    const straightforward = rowsOf<Record<string, string | number>>(
      await t.db.execute(sql`
        select i.currency, count(*)::int as investments, sum(i.amount)::numeric(20, 2)::text as committed,
          coalesce(sum(i.amount) filter (where i.status in ('paid', 'completed')), 0)::numeric(20, 2)::text as received,
          coalesce(sum(i.amount) filter (where i.status = 'cash_call'), 0)::numeric(20, 2)::text as cash_call_outstanding,
          coalesce(sum(i.amount) filter (where i.created_at >= ${start}), 0)::numeric(20, 2)::text as committed_this_period,
          coalesce(sum(i.amount) filter (where i.status in ('paid', 'completed') and coalesce(i.paid_at, i.created_at) >= ${start}), 0)::numeric(20, 2)::text as received_this_period
        from investments i join investment_opportunities o on o.id = i.opportunity_id
        where i.deleted_at is null and i.status <> 'cancelled' and o.deleted_at is null
        group by i.currency order by i.currency`),
    );
    const totals = (await admin.client.get('/api/stats/total-investment-value')).json().data;
    expect(totals).toEqual({ period_start: '2026-03-01', totals: straightforward });

    const invested = rowsOf<{ currency: string; amount: string }>(
      await t.db.execute(sql`
        select i.currency, sum(i.amount)::numeric(20, 2)::text as amount
        from investments i join investment_opportunities o on o.id = i.opportunity_id
        where i.deleted_at is null and i.status in ('paid', 'completed') and o.deleted_at is null and o.status in (5, 6)
        group by i.currency order by i.currency`),
    );
    expect((await admin.client.get('/api/stats/trio-breakdown')).json().data.existing.invested).toEqual(invested);
    const averages = (await admin.client.get('/api/stats/average-investment-amount')).json().data;
    expect(averages.map(({ currency, investments: n, total }: Record<string, unknown>) => ({ currency, n, total }))).toEqual(
      straightforward.map((r) => ({ currency: r.currency, n: r.investments, total: r.committed })),
    );
  });
});
