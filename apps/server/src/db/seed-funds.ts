import Decimal from 'decimal.js';
import { and, asc, count, eq, like, ne } from 'drizzle-orm';
import { navPerUnit, Role, toAmount, unitsForSubscription, type LedgerKind, type MaturityStatus } from '@platform/domain';
import type { Db } from './client';
import { fundInvestmentStatuses, fundInvestments, funds, ledgers, netAssetValues, users } from './schema';

/**
 * Demo funds: two EIS/SEIS funds with quarterly NAVs from launch to the last quarter end before
 * today, investors' subscriptions, fees and distributions, and holdings with their maturity history.
 * The books are built the way the server deals them (decisions 0006 and 0009): units at the NAV per
 * unit published on or before the dealing date, rounded down by the domain; each NAV's units in issue
 * are what the ledgers show at the end of its date. Skipped when any fund exists.
 */

interface DemoFund {
  name: string;
  type: string;
  vintage: number;
  targetSize: string;
  managementFee: string;
  performanceFee: string;
  description: string;
  /** First close: units issued at 1.000000 and the first NAV struck that day. */
  launch: string;
  /** NAV per unit at each later quarter end, by quarter number from launch (1, 2, …). */
  pricePath: (quarter: number) => Decimal;
  /** Subscriptions by investor index (0 is investor@demo.test): [date, amount]. */
  subscriptions: Array<[investor: number, date: string, amount: string]>;
  /** Fund-wide distributions as a share of each investor's subscriptions, and annual fees in percent. */
  distributions: Array<[date: string, percentOfPaidIn: string]>;
  feeDates: string[];
  holdings: DemoHolding[];
}

interface DemoHolding {
  company: string;
  industry: string;
  stage: string;
  date: string;
  cost: string;
  valuation: string | null;
  valuationDate: string | null;
  /** Later maturity statuses after 'active' on the investment date. */
  history: Array<[MaturityStatus, string, string]>;
  summary: string;
}

const FUNDS: DemoFund[] = [
  {
    name: 'Northern Growth EIS Fund 2021',
    type: 'EIS',
    vintage: 2021,
    targetSize: '10000000.00',
    managementFee: '2.0000',
    performanceFee: '20.0000',
    description:
      '<p>A discretionary EIS fund backing growth-stage companies in the North of England and Scotland, holding eight to twelve companies for five to seven years.</p>',
    launch: '2021-04-06',
    // Held at cost for a year, a dip, then steady growth with an exit in 2025.
    pricePath: (q) => new Decimal(1).plus(q < 4 ? -0.01 * q : 0.045 * (q - 4) - 0.03 + 0.02 * Math.sin(q)).toDecimalPlaces(4),
    subscriptions: [
      [0, '2021-04-06', '25000.00'],
      [1, '2021-04-06', '150000.00'],
      [2, '2021-04-06', '80000.00'],
      [3, '2021-04-06', '60000.00'],
      [4, '2021-04-06', '120000.00'],
      [5, '2021-04-06', '45000.00'],
      [0, '2022-07-01', '10000.00'],
      [6, '2022-07-01', '90000.00'],
      [7, '2022-07-01', '50000.00'],
    ],
    distributions: [['2025-04-15', '12']],
    feeDates: ['2022-04-05', '2023-04-05', '2024-04-05', '2025-04-05', '2026-04-05'],
    holdings: [
      {
        company: 'Ashgrove Robotics Ltd',
        industry: 'Robotics',
        stage: 'Seed',
        date: '2021-05-20',
        cost: '80000.00',
        valuation: '165000.00',
        valuationDate: '2026-06-30',
        history: [],
        summary: 'Fruit-picking robots for glasshouse growers.',
      },
      {
        company: 'Pennine Water Labs Ltd',
        industry: 'Clean energy',
        stage: 'Series A',
        date: '2021-06-15',
        cost: '100000.00',
        valuation: '140000.00',
        valuationDate: '2026-06-30',
        history: [],
        summary: 'Micro-hydro turbines for upland farms.',
      },
      {
        company: 'Thistle Health Ltd',
        industry: 'Healthcare',
        stage: 'Seed',
        date: '2021-08-02',
        cost: '60000.00',
        valuation: '0.00',
        valuationDate: '2024-02-28',
        history: [['written_off', '2024-02-28', 'Administration after the Series A fell through.']],
        summary: 'Remote physiotherapy app.',
      },
      {
        company: 'Copperleaf Pay Ltd',
        industry: 'Fintech',
        stage: 'Series A',
        date: '2021-10-11',
        cost: '90000.00',
        valuation: '310000.00',
        valuationDate: '2025-03-31',
        history: [['exited', '2025-03-31', 'Trade sale to a listed payments group; proceeds distributed in April 2025.']],
        summary: 'Open-banking payments for letting agents.',
      },
      {
        company: 'Brackenfield Analytics Ltd',
        industry: 'Software',
        stage: 'Series A',
        date: '2022-03-07',
        cost: '70000.00',
        valuation: '120000.00',
        valuationDate: '2026-06-30',
        history: [['partially_realised', '2025-11-20', 'Secondary sale of a third of the holding.']],
        summary: 'Forecasting software for housing associations.',
      },
      {
        company: 'Lantern Learning Ltd',
        industry: 'Education',
        stage: 'Seed',
        date: '2022-09-12',
        cost: '50000.00',
        valuation: '62000.00',
        valuationDate: '2026-06-30',
        history: [],
        summary: 'Reading-age assessment for primary schools.',
      },
      {
        company: 'Kestrel Secure Ltd',
        industry: 'Software',
        stage: 'Series A',
        date: '2023-01-23',
        cost: '60000.00',
        valuation: '95000.00',
        valuationDate: '2026-06-30',
        history: [],
        summary: 'Phishing simulation for small accountancy firms.',
      },
      {
        company: 'Calder Valley Textiles Ltd',
        industry: 'Manufacturing',
        stage: 'Growth',
        date: '2023-05-30',
        cost: '50000.00',
        valuation: '50000.00',
        valuationDate: '2026-05-30',
        history: [['matured', '2026-05-30', 'Loan notes redeemed at par.']],
        summary: 'Recycled-wool fabrics woven in West Yorkshire.',
      },
    ],
  },
  {
    name: 'Albion Seed SEIS Fund 2023',
    type: 'SEIS',
    vintage: 2023,
    targetSize: '3000000.00',
    managementFee: '2.5000',
    performanceFee: '20.0000',
    description:
      '<p>An SEIS fund making first cheques into pre-seed companies across the UK, with 50% income tax relief for its investors.</p>',
    launch: '2023-04-06',
    pricePath: (q) => new Decimal(1).plus(q < 3 ? 0 : 0.03 * (q - 2) + 0.015 * Math.cos(q)).toDecimalPlaces(4),
    subscriptions: [
      [0, '2023-04-06', '15000.00'],
      [2, '2023-04-06', '30000.00'],
      [4, '2023-04-06', '50000.00'],
      [5, '2023-04-06', '20000.00'],
      [7, '2023-04-06', '25000.00'],
    ],
    distributions: [],
    feeDates: ['2024-04-05', '2025-04-05', '2026-04-05'],
    holdings: [
      {
        company: 'Saltmarsh Carbon Ltd',
        industry: 'Climate',
        stage: 'Pre-seed',
        date: '2023-06-01',
        cost: '30000.00',
        valuation: '48000.00',
        valuationDate: '2026-03-31',
        history: [],
        summary: 'Blue-carbon credits from restored salt marsh.',
      },
      {
        company: 'Orchard Row Foods Ltd',
        industry: 'Food & drink',
        stage: 'Pre-seed',
        date: '2023-07-17',
        cost: '25000.00',
        valuation: null,
        valuationDate: null,
        history: [],
        summary: 'Cider-vinegar drinks from surplus apples.',
      },
      {
        company: 'Fenwick Street Studios Ltd',
        industry: 'Media',
        stage: 'Pre-seed',
        date: '2023-09-04',
        cost: '20000.00',
        valuation: '35000.00',
        valuationDate: '2026-03-31',
        history: [],
        summary: 'Independent games studio in Newcastle.',
      },
      {
        company: 'Bramble Care Ltd',
        industry: 'Healthcare',
        stage: 'Seed',
        date: '2024-01-22',
        cost: '35000.00',
        valuation: '30000.00',
        valuationDate: '2026-03-31',
        history: [],
        summary: 'Rostering software for domiciliary care.',
      },
      {
        company: 'Mereside Dairy Ltd',
        industry: 'Food & drink',
        stage: 'Seed',
        date: '2024-05-13',
        cost: '18000.00',
        valuation: '0.00',
        valuationDate: '2025-12-01',
        history: [['written_off', '2025-12-01', 'Ceased trading.']],
        summary: 'Farm-gate dairy brand.',
      },
    ],
  },
];

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'];

/** Quarter ends after `from` and before `today`. */
function quarterEnds(from: string, today: string): string[] {
  const dates: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(today.slice(0, 4)); year++) {
    for (const monthDay of QUARTER_ENDS) {
      const date = `${year}-${monthDay}`;
      if (date > from && date < today) dates.push(date);
    }
  }
  return dates;
}

/** Demo investors: investor@demo.test first, then the earliest other investors with an e-mail at example.test. */
async function demoInvestors(db: Db): Promise<number[]> {
  const [isla] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  if (!isla) return [];
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, Role.User), like(users.email, '%@example.test'), ne(users.id, isla.id)))
    .orderBy(asc(users.id))
    .limit(7);
  return [isla.id, ...others.map((o) => o.id)];
}

type LedgerInsert = typeof ledgers.$inferInsert;

async function seedFund(tx: Db, fund: DemoFund, investorIds: number[], managerId: number | null, recorderId: number | null, today: string) {
  const [row] = await tx
    .insert(funds)
    .values({
      name: fund.name,
      type: fund.type,
      vintage: fund.vintage,
      currency: 'GBP',
      targetSize: fund.targetSize,
      managementFee: fund.managementFee,
      performanceFee: fund.performanceFee,
      managerId,
      description: fund.description,
    })
    .returning();

  const entries: LedgerInsert[] = [];
  const navs: Array<typeof netAssetValues.$inferInsert> = [];
  let unitsInIssue = new Decimal(0);
  let lastPrice = '1.000000';
  const dates = [fund.launch, ...quarterEnds(fund.launch, today)];
  const nextDates = (after: string, upTo: string) => fund.subscriptions.filter(([, date]) => date > after && date <= upTo);

  dates.forEach((date, quarter) => {
    // Subscriptions dealt since the previous NAV, at that NAV's price (the first close at 1.000000).
    for (const [investor, subscribed, amount] of quarter === 0
      ? fund.subscriptions.filter(([, d]) => d === date)
      : nextDates(dates[quarter - 1], date)) {
      const investorId = investorIds[investor];
      if (investorId === undefined) continue;
      const units = unitsForSubscription(amount, lastPrice);
      unitsInIssue = unitsInIssue.plus(units);
      entries.push({
        fundId: row.id,
        investorId,
        kind: 'subscription',
        date: subscribed,
        amount,
        units,
        navPerUnit: lastPrice,
        reference: `SUB-${fund.vintage}-${entries.length + 1}`,
      });
    }
    // Money distributed leaves the fund: about its share of paid-in per unit comes off the price.
    const paidOut = fund.distributions
      .filter(([d]) => d <= date)
      .reduce((sum, [, percent]) => sum.plus(percent), new Decimal(0))
      .div(100);
    const price = quarter === 0 ? new Decimal(1) : fund.pricePath(quarter).minus(paidOut);
    const nav = toAmount(unitsInIssue.times(price));
    const units = unitsInIssue.toFixed(6);
    lastPrice = navPerUnit(nav, units) ?? lastPrice;
    navs.push({ fundId: row.id, date, nav, unitsInIssue: units, navPerUnit: navPerUnit(nav, units) });
  });

  const pay = (kind: LedgerKind, date: string, percent: string, reference: string) => {
    if (date >= today) return;
    for (const investorId of new Set(entries.map((e) => e.investorId))) {
      const subscribedBy = entries
        .filter((e) => e.investorId === investorId && e.kind === 'subscription' && e.date <= date)
        .reduce((sum, e) => sum.plus(e.amount), new Decimal(0));
      if (subscribedBy.isZero()) continue;
      entries.push({
        fundId: row.id,
        investorId,
        kind,
        date,
        amount: toAmount(subscribedBy.times(percent).div(100)),
        units: null,
        navPerUnit: null,
        reference,
      });
    }
  };
  for (const [date, percent] of fund.distributions) pay('distribution', date, percent, `DIST-${date.slice(0, 4)}`);
  for (const date of fund.feeDates) pay('fee', date, fund.managementFee, `FEE-${date.slice(0, 4)}`);

  await tx.insert(netAssetValues).values(navs);
  await tx.insert(ledgers).values(entries);

  for (const holding of fund.holdings) {
    const history = holding.history.filter(([, date]) => date < today);
    const current = history.at(-1)?.[0] ?? 'active';
    const [company] = await tx
      .insert(fundInvestments)
      .values({
        fundId: row.id,
        companyName: holding.company,
        industry: holding.industry,
        stage: holding.stage,
        investmentDate: holding.date,
        cost: holding.cost,
        currentValuation: holding.valuation,
        valuationDate: holding.valuationDate && holding.valuationDate < today ? holding.valuationDate : null,
        maturityStatus: current,
        description: holding.summary,
        keyInformation: `<ul><li>Invested ${holding.cost.replace(/\.00$/, '')} GBP in the ${holding.stage} round</li></ul>`,
      })
      .returning();
    await tx.insert(fundInvestmentStatuses).values([
      {
        fundInvestmentId: company.id,
        status: 'active' as const,
        date: holding.date,
        note: 'Investment completed.',
        recordedBy: recorderId,
      },
      ...history.map(([status, date, note]) => ({ fundInvestmentId: company.id, status, date, note, recordedBy: recorderId })),
    ]);
  }
}

export async function seedFunds(db: Db, now = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(funds);
  if (Number(n) > 0) return;
  const investorIds = await demoInvestors(db);
  if (!investorIds.length) return;
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(like(users.email, '%@demo.test'));
  const managerId = staff.find((s) => s.email === 'fundmanager@demo.test')?.id ?? null;
  const recorderId = staff.find((s) => s.email === 'superadmin@demo.test')?.id ?? null;
  const today = now.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    for (const fund of FUNDS) await seedFund(tx, fund, investorIds, managerId, recorderId, today);
  });
}
