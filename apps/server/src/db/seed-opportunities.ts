import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { recordOutcomeProceeds } from '../modules/performance/service';
import {
  companyOutcomes,
  companyValuations,
  complianceOptions,
  complianceQuestions,
  holdingRealisations,
  investmentOpportunities,
  opportunityImages,
  opportunityInvitations,
  sharePrices,
  users,
} from './schema';
import { demoPicture } from './demo-images';
import { seedRoundInvestments } from './seed-round-investments';

/**
 * Demo opportunities in every status with investments in every state, a portfolio for
 * investor@demo.test and an appropriateness test bank. Skipped when any opportunity exists.
 */
interface DemoOpportunity {
  name: string;
  company: string;
  status: number;
  industry: string;
  round: string;
  relief: 'EIS' | 'SEIS' | 'none';
  target: string;
  min: string;
  max: string;
  price: string;
  valuation: string;
  summary: string;
  points: string[];
  marketSounding?: boolean;
  closesInDays: number;
  /** Today's share price of a completed round, when it has moved since investors bought. */
  currentPrice?: string;
}

const OPPORTUNITIES: DemoOpportunity[] = [
  {
    name: 'Heliotrope Energy Series A',
    company: 'Heliotrope Energy Ltd',
    status: 2,
    industry: 'Clean energy',
    round: 'Series A',
    relief: 'EIS',
    target: '1500000',
    min: '2000',
    max: '100000',
    price: '1.850000',
    valuation: '9000000',
    summary: 'Grid-scale thermal batteries that store surplus wind power as heat for industry.',
    points: ['£2.1m of signed offtake letters', 'Pilot running at a Teesside chemicals plant', 'Founders from National Grid and Siemens'],
    closesInDays: 45,
  },
  {
    name: 'Kettle & Co Seed',
    company: 'Kettle & Co Ltd',
    status: 2,
    industry: 'Consumer',
    round: 'Seed',
    relief: 'SEIS',
    target: '250000',
    min: '500',
    max: '25000',
    price: '0.400000',
    valuation: '1500000',
    summary: 'Refillable household cleaning products sold by subscription, now in 40 Waitrose stores.',
    points: ['6,800 paying subscribers', '72% gross margin', 'B Corp certified'],
    closesInDays: 21,
  },
  {
    name: 'Northlight Diagnostics Placing',
    company: 'Northlight Diagnostics plc',
    status: 2,
    industry: 'Healthcare',
    round: 'Placing',
    relief: 'EIS',
    target: '3000000',
    min: '5000',
    max: '250000',
    price: '0.120000',
    valuation: '24000000',
    summary: 'A confidential placing ahead of a regulatory announcement.',
    points: ['CE-marked point-of-care test', 'NHS trust evaluations under way'],
    marketSounding: true,
    closesInDays: 10,
  },
  {
    name: 'Ferrous Robotics Syndicate',
    company: 'Ferrous Robotics Ltd',
    status: 3,
    industry: 'Robotics',
    round: 'Series A',
    relief: 'EIS',
    target: '800000',
    min: '10000',
    max: '200000',
    price: '3.200000',
    valuation: '12000000',
    summary: 'Autonomous welding cells for shipyards, offered to syndicate members only.',
    points: ['Contracts with two UK shipyards', 'Payback under 14 months for customers'],
    closesInDays: 30,
  },
  {
    name: 'Tidewater Analytics Bridge',
    company: 'Tidewater Analytics Ltd',
    status: 4,
    industry: 'Software',
    round: 'Bridge',
    relief: 'EIS',
    target: '400000',
    min: '1000',
    max: '50000',
    price: '2.000000',
    valuation: '6000000',
    summary: 'Flood-risk analytics for insurers; closed and collecting payments.',
    points: ['ARR £1.1m', 'Three of the top ten UK insurers as customers'],
    closesInDays: -5,
  },
  {
    name: 'Brightwater Foods Seed',
    company: 'Brightwater Foods Ltd',
    status: 5,
    industry: 'Food & drink',
    round: 'Seed',
    relief: 'SEIS',
    target: '150000',
    min: '500',
    max: '15000',
    price: '0.500000',
    valuation: '900000',
    summary: 'Plant-based ready meals for schools and hospitals.',
    points: ['Supplying 120 schools'],
    closesInDays: -400,
    currentPrice: '0.350000',
  },
  {
    name: 'Orbital Freight Series A',
    company: 'Orbital Freight Ltd',
    status: 5,
    industry: 'Logistics',
    round: 'Series A',
    relief: 'EIS',
    target: '2000000',
    min: '2500',
    max: '150000',
    price: '1.000000',
    valuation: '10000000',
    summary: 'Electric middle-mile freight with its own charging depots.',
    points: ['Fleet of 48 vans'],
    closesInDays: -700,
    currentPrice: '1.650000',
  },
  {
    name: 'Quillon Security Exit',
    company: 'Quillon Security Ltd',
    status: 6,
    industry: 'Cyber security',
    round: 'Seed',
    relief: 'EIS',
    target: '500000',
    min: '1000',
    max: '50000',
    price: '0.800000',
    valuation: '4000000',
    summary: 'Acquired by a listed security group in 2026.',
    points: ['Returned 3.1x to investors'],
    closesInDays: -1500,
    currentPrice: '2.480000',
  },
  {
    name: 'Marlow Health Draft Round',
    company: 'Marlow Health Ltd',
    status: 1,
    industry: 'Healthcare',
    round: 'Seed',
    relief: 'SEIS',
    target: '200000',
    min: '500',
    max: '20000',
    price: '0.250000',
    valuation: '1200000',
    summary: 'Remote physiotherapy platform, being prepared for launch.',
    points: ['Pilot with two NHS trusts'],
    closesInDays: 60,
  },
];

/**
 * The two FCA appropriateness banks (COBS 10, decision 0031): bank A asked on the 1st, 3rd…
 * attempt, bank B on the 2nd, 4th…, each on loss of capital, illiquidity, dilution, protection
 * (FSCS and FOS) and diversification. [question, options, index of the right one].
 */
const BANK_A: Array<[string, string[], number]> = [
  [
    'If the company you invest in fails, what is the most likely outcome?',
    ['You get all your money back', 'You lose all the money you invested', 'The platform repays you'],
    1,
  ],
  [
    'How easily can you sell shares in an unlisted company?',
    ['Any time, like listed shares', 'Usually not until the company is sold or lists', 'After one year, guaranteed'],
    1,
  ],
  [
    'What does dilution mean for your shareholding?',
    ['Your percentage falls when new shares are issued', 'Your shares double in value', 'Your dividends are guaranteed'],
    0,
  ],
  [
    'Are investments on this platform covered by the Financial Services Compensation Scheme?',
    ['Yes, up to £85,000', 'No, you are unlikely to be protected if something goes wrong', 'Only EIS investments'],
    1,
  ],
  [
    'How much of your investable money should go into high-risk investments like these?',
    ['All of it', 'Around half', 'No more than 10%'],
    2,
  ],
];

const BANK_B: Array<[string, string[], number]> = [
  [
    'Most early-stage companies fail. What does that mean for money you invest in one?',
    ['It is protected by the platform', 'You should be prepared to lose all of it', 'You can claim it back from the FCA'],
    1,
  ],
  [
    'You need your money back in two years. Are shares in an unlisted company suitable?',
    [
      'Yes, they can be sold on a stock exchange at any time',
      'No, you may not be able to sell them for many years, if ever',
      'Yes, the company must buy them back on request',
    ],
    1,
  ],
  [
    'The company raises more money later and you do not invest again. What usually happens to your stake?',
    ['It grows automatically', 'It stays exactly the same percentage', 'Your percentage of the company is diluted'],
    2,
  ],
  [
    'If the investment performs badly, can you complain to the Financial Ombudsman Service or claim from the FSCS?',
    [
      'Yes, the FSCS repays any loss',
      'Poor performance is not covered: the FOS and FSCS do not protect you against the investment losing value',
      'Yes, the FOS refunds losses over £1,000',
    ],
    1,
  ],
  [
    'How can you reduce the risk of losing money across your high-risk investments?',
    [
      'Put everything into the one company you like most',
      'Spread smaller amounts across several investments and keep most of your money elsewhere',
      'Borrow to invest more',
    ],
    1,
  ],
];

const day = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function seedOpportunities({ db, storage }: Pick<AppContext, 'db' | 'storage'>, now = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(investmentOpportunities);
  if (Number(n) > 0) return;

  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  const [isla] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  const others = await db.select({ id: users.id }).from(users).where(eq(users.roleId, Role.User)).limit(40);
  const investors = others.filter((u) => u.id !== isla?.id);

  await db.transaction(async (tx) => {
    const questionCount = await tx.select({ n: count() }).from(complianceQuestions);
    if (Number(questionCount[0].n) === 0) {
      for (const [bank, questions] of [['a', BANK_A] as const, ['b', BANK_B] as const]) {
        for (const [position, [question, options, correct]] of questions.entries()) {
          const [row] = await tx.insert(complianceQuestions).values({ bank, question, position }).returning();
          await tx
            .insert(complianceOptions)
            .values(options.map((label, i) => ({ questionId: row.id, label, correct: i === correct, position: i })));
        }
      }
    }

    let reference = 0;
    for (const [index, spec] of OPPORTUNITIES.entries()) {
      const closes = new Date(now.getTime() + spec.closesInDays * day);
      const [row] = await tx
        .insert(investmentOpportunities)
        .values({
          slug: spec.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
          name: spec.name,
          companyName: spec.company,
          status: spec.status,
          type: 'Equity',
          subType: 'Ordinary shares',
          industry: spec.industry,
          roundType: spec.round,
          taxRelief: spec.relief,
          targetRaise: new Decimal(spec.target).toFixed(2),
          maximumRaise: new Decimal(spec.target).times(1.2).toFixed(2),
          minimumInvestment: new Decimal(spec.min).toFixed(2),
          maximumInvestment: new Decimal(spec.max).toFixed(2),
          sharePrice: spec.price,
          preMoneyValuation: new Decimal(spec.valuation).toFixed(2),
          opensAt: isoDay(new Date(closes.getTime() - 60 * day)),
          closesAt: isoDay(closes),
          fees: '2% arrangement fee paid by the company; 20% carry above 1.2x',
          summary: spec.summary,
          description: `<h3>The opportunity</h3><p>${spec.company} is raising its ${spec.round} round to scale its team and sales. Funds will be held by the company's solicitors until the round completes.</p><h3>Risks</h3><p>Early-stage companies often fail. You could lose all the money you invest, and you may not be able to sell your shares for many years.</p>`,
          keyPoints: spec.points,
          team: [
            { name: 'Hannah Okafor', role: 'Chief executive', bio: 'Previously led operations at a FTSE 250 business.' },
            { name: 'Tom Lindqvist', role: 'Chief technology officer', bio: 'Built and sold a data start-up in 2021.' },
          ],
          keyDates: [{ label: 'Round closes', date: isoDay(closes) }],
          marketSoundingRequired: spec.marketSounding ?? false,
          bankAccountName: `${spec.company} client account`,
          bankSortCode: '20-45-77',
          bankAccountNumber: String(40000000 + index * 1111),
          publishedAt: spec.status > 1 ? new Date(closes.getTime() - 60 * day) : null,
          completedAt: spec.status >= 5 ? closes : null,
          createdBy: admin?.id ?? null,
          createdAt: new Date(closes.getTime() - 70 * day),
        })
        .returning();

      for (let picture = 0; picture < 2; picture++) {
        const key = await storage.put('opportunities', {
          filename: 'demo.png',
          mimetype: 'image/png',
          data: demoPicture(index * 2 + picture),
        });
        await tx.insert(opportunityImages).values({
          opportunityId: row.id,
          storageKey: key,
          mimeType: 'image/png',
          caption: picture === 0 ? spec.company : 'The team at work',
          position: picture,
        });
      }
      // Investors bought at the round's price; a completed company's price has moved since.
      if (spec.currentPrice) await seedPriceHistory(tx, row.id, spec, closes, now);
      if (spec.status === 3 && isla)
        await tx.insert(opportunityInvitations).values({ opportunityId: row.id, userId: isla.id, invitedBy: admin?.id ?? null });
      if (spec.status === 1) continue;

      reference = await seedRoundInvestments(tx, {
        opportunity: row,
        min: spec.min,
        marketSounding: spec.marketSounding,
        index,
        investors,
        isla,
        reference,
        closes,
        now,
      });
    }
  });
}

/**
 * Quarterly share prices from the round to today, moving from the round's price to the current one,
 * with a valuation at each anniversary; Quillon ends in an exit, Brightwater in a write-off.
 */
async function seedPriceHistory(
  tx: Pick<AppContext['db'], 'insert'>,
  opportunityId: number,
  spec: DemoOpportunity,
  closes: Date,
  now: Date,
) {
  const start = new Decimal(spec.price);
  const end = new Decimal(spec.currentPrice!);
  const quarters = Math.max(1, Math.floor((now.getTime() - closes.getTime()) / (91 * day)));
  const prices = Array.from({ length: quarters }, (_, q) => {
    const wobble = new Decimal(1).plus(((q * 7) % 5) / 100 - 0.02);
    const price = start.plus(end.minus(start).times((q + 1) / quarters)).times(q === quarters - 1 ? 1 : wobble);
    return {
      opportunityId,
      date: isoDay(new Date(closes.getTime() + (q + 1) * 91 * day)),
      price: price.toDecimalPlaces(6).toFixed(6),
      note: 'Quarterly mark',
    };
  });
  await tx.insert(sharePrices).values(prices);
  const shares = new Decimal(spec.valuation).div(spec.price);
  await tx.insert(companyValuations).values(
    prices
      .filter((_, q) => q % 4 === 3)
      .map((p) => ({
        opportunityId,
        date: p.date,
        valuation: shares.times(p.price).toFixed(2),
        sharesOutstanding: shares.toFixed(6),
        note: 'Annual valuation',
      })),
  );
  const last = prices.at(-1)!.date;
  if (spec.status === 6)
    await tx
      .insert(companyOutcomes)
      .values({ opportunityId, date: last, kind: 'exit', price: end.toFixed(6), note: 'Acquired by a listed security group' });
  if (spec.name.startsWith('Brightwater'))
    await tx.insert(companyOutcomes).values({ opportunityId, date: isoDay(now), kind: 'write-off', note: 'Administration' });
}

/**
 * What holders received when a demo company exited (after the holders' seed has moved some
 * investments to organisations and accounts, so each register line gets its own proceeds).
 * Skipped when any proceeds exist.
 */
export async function seedExitProceeds(db: AppContext['db']) {
  const [{ n }] = await db.select({ n: count() }).from(holdingRealisations);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    for (const exit of await tx.select().from(companyOutcomes).where(eq(companyOutcomes.kind, 'exit')))
      await recordOutcomeProceeds(tx, exit, new Decimal(1), null);
  });
}
