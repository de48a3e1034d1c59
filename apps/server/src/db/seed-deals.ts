import { count, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { pipelineDeals, pipelines, pipelineStages, users } from './schema';

/**
 * Demo deal flow: two pipelines with their stages and about thirty deals owned by demo staff.
 * Skipped when any pipeline exists, so a tenant's own pipelines are never touched.
 */
interface DemoDeal {
  company: string;
  industry: string;
  amount: string;
  valuation: string;
  source: string;
  owner: string;
  summary: string;
}

const DEAL_FLOW_STAGES = ['Sourced', 'Screening', 'Due diligence', 'Investment committee', 'Term sheet'];
const SECONDARIES_STAGES = ['Identified', 'Approached', 'Pricing agreed', 'Completion'];

const OWNERS = ['superadmin@demo.test', 'committee@demo.test', 'fundmanager@demo.test', 'entrepreneur@demo.test'];

/** Deals per stage of "Deal flow", in board order. */
const DEAL_FLOW: DemoDeal[][] = [
  [
    {
      company: 'Ashgrove Robotics Ltd',
      industry: 'Robotics',
      amount: '750000.00',
      valuation: '4500000.00',
      source: 'Angel network',
      owner: OWNERS[0],
      summary: 'Fruit-picking robots for glasshouse growers in Kent.',
    },
    {
      company: 'Pennine Water Labs Ltd',
      industry: 'Clean energy',
      amount: '1200000.00',
      valuation: '6000000.00',
      source: 'Inbound',
      owner: OWNERS[1],
      summary: 'Micro-hydro turbines for upland farms and estates.',
    },
    {
      company: 'Thistle Health Ltd',
      industry: 'Healthcare',
      amount: '400000.00',
      valuation: '2200000.00',
      source: 'Accelerator demo day',
      owner: OWNERS[2],
      summary: 'Remote physiotherapy app prescribed by NHS Scotland clinics.',
    },
    {
      company: 'Copperleaf Pay Ltd',
      industry: 'Fintech',
      amount: '2500000.00',
      valuation: '14000000.00',
      source: 'Co-investor',
      owner: OWNERS[0],
      summary: 'Open-banking payments for letting agents.',
    },
    {
      company: 'Marlow & Finch Ltd',
      industry: 'Consumer',
      amount: '350000.00',
      valuation: '1800000.00',
      source: 'Inbound',
      owner: OWNERS[3],
      summary: 'Direct-to-consumer British-made outdoor clothing.',
    },
    {
      company: 'Quayside Logistics Ltd',
      industry: 'Logistics',
      amount: '900000.00',
      valuation: '5000000.00',
      source: 'Portfolio referral',
      owner: OWNERS[1],
      summary: 'Shared cargo-bike depots for last-mile delivery in Bristol.',
    },
  ],
  [
    {
      company: 'Brackenfield Analytics Ltd',
      industry: 'Software',
      amount: '1500000.00',
      valuation: '9000000.00',
      source: 'Angel network',
      owner: OWNERS[2],
      summary: 'Forecasting software for regional housing associations.',
    },
    {
      company: 'Greyfriars Bio Ltd',
      industry: 'Life sciences',
      amount: '3000000.00',
      valuation: '18000000.00',
      source: 'University spin-out',
      owner: OWNERS[0],
      summary: 'Antibody discovery platform spun out of the University of Edinburgh.',
    },
    {
      company: 'Lantern Learning Ltd',
      industry: 'Education',
      amount: '600000.00',
      valuation: '3200000.00',
      source: 'Inbound',
      owner: OWNERS[1],
      summary: 'Reading-age assessment tools for primary schools.',
    },
    {
      company: 'Harbourline Marine Ltd',
      industry: 'Clean energy',
      amount: '2000000.00',
      valuation: '11000000.00',
      source: 'Co-investor',
      owner: OWNERS[2],
      summary: 'Electric drive trains for inshore fishing boats.',
    },
    {
      company: 'Orchard Row Foods Ltd',
      industry: 'Food & drink',
      amount: '450000.00',
      valuation: '2600000.00',
      source: 'Accelerator demo day',
      owner: OWNERS[3],
      summary: 'Cider-vinegar drinks made from surplus Herefordshire apples.',
    },
  ],
  [
    {
      company: 'Kestrel Secure Ltd',
      industry: 'Cyber security',
      amount: '1750000.00',
      valuation: '10500000.00',
      source: 'Portfolio referral',
      owner: OWNERS[0],
      summary: 'Phishing simulation for small accountancy firms.',
    },
    {
      company: 'Wexcombe Medical Ltd',
      industry: 'Healthcare',
      amount: '2750000.00',
      valuation: '16000000.00',
      source: 'University spin-out',
      owner: OWNERS[1],
      summary: 'Wearable sensor for early sepsis detection on hospital wards.',
    },
    {
      company: 'Saltmarsh Carbon Ltd',
      industry: 'Climate',
      amount: '1000000.00',
      valuation: '7000000.00',
      source: 'Inbound',
      owner: OWNERS[2],
      summary: 'Verified blue-carbon credits from restored Essex salt marsh.',
    },
    {
      company: 'Fenwick Street Studios Ltd',
      industry: 'Media',
      amount: '500000.00',
      valuation: '2750000.00',
      source: 'Angel network',
      owner: OWNERS[3],
      summary: 'Independent games studio in Newcastle with two titles on Steam.',
    },
  ],
  [
    {
      company: 'Ironbridge Materials Ltd',
      industry: 'Advanced materials',
      amount: '4000000.00',
      valuation: '22000000.00',
      source: 'Co-investor',
      owner: OWNERS[0],
      summary: 'Low-carbon cement additive trialled with two UK contractors.',
    },
    {
      company: 'Hollowell Energy Ltd',
      industry: 'Clean energy',
      amount: '3500000.00',
      valuation: '20000000.00',
      source: 'Portfolio referral',
      owner: OWNERS[2],
      summary: 'Heat-pump installation network across the Midlands.',
    },
    {
      company: 'Bramble Care Ltd',
      industry: 'Healthcare',
      amount: '800000.00',
      valuation: '4800000.00',
      source: 'Inbound',
      owner: OWNERS[1],
      summary: 'Rostering and care-plan software for domiciliary care providers.',
    },
  ],
  [
    {
      company: 'Calder Valley Textiles Ltd',
      industry: 'Manufacturing',
      amount: '1250000.00',
      valuation: '7500000.00',
      source: 'Angel network',
      owner: OWNERS[1],
      summary: 'Recycled-wool fabrics woven in West Yorkshire mills.',
    },
    {
      company: 'Northgate Legal Tech Ltd',
      industry: 'Software',
      amount: '1850000.50',
      valuation: '12000000.00',
      source: 'Co-investor',
      owner: OWNERS[0],
      summary: 'Conveyancing workflow software used by 140 UK law firms.',
    },
  ],
];

const SECONDARIES: DemoDeal[][] = [
  [
    {
      company: 'Tidewell Pharmaceuticals Ltd',
      industry: 'Life sciences',
      amount: '650000.00',
      valuation: '30000000.00',
      source: 'Founder sale',
      owner: OWNERS[2],
      summary: 'Early employee selling 2% ahead of a Series C.',
    },
    {
      company: 'Spindle Fintech Ltd',
      industry: 'Fintech',
      amount: '300000.00',
      valuation: '25000000.00',
      source: 'Broker',
      owner: OWNERS[0],
      summary: 'Angel stake from the 2019 seed round.',
    },
    {
      company: 'Redwick Aerospace Ltd',
      industry: 'Aerospace',
      amount: '1100000.00',
      valuation: '42000000.00',
      source: 'Fund wind-down',
      owner: OWNERS[1],
      summary: 'Position from a VCT winding down its 2016 vintage.',
    },
  ],
  [
    {
      company: 'Gull Island Software Ltd',
      industry: 'Software',
      amount: '425000.00',
      valuation: '19000000.00',
      source: 'Broker',
      owner: OWNERS[2],
      summary: 'Ordinary shares from a departing co-founder.',
    },
    {
      company: 'Mereside Dairy Ltd',
      industry: 'Food & drink',
      amount: '200000.00',
      valuation: '8000000.00',
      source: 'Founder sale',
      owner: OWNERS[3],
      summary: 'Family shareholder seeking liquidity.',
    },
  ],
  [
    {
      company: 'Kingsway Mobility Ltd',
      industry: 'Transport',
      amount: '900000.00',
      valuation: '36000000.00',
      source: 'Fund wind-down',
      owner: OWNERS[0],
      summary: 'Preference shares at a 20% discount to the last round.',
    },
  ],
  [
    {
      company: 'Ravensworth Foods Ltd',
      industry: 'Food & drink',
      amount: '275000.00',
      valuation: '11000000.00',
      source: 'Broker',
      owner: OWNERS[1],
      summary: 'Completion expected once the board waives pre-emption.',
    },
  ],
];

export async function seedDeals(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(pipelines);
  if (Number(n) > 0) return;
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, OWNERS));
  const ownerId = (email: string) => staff.find((s) => s.email === email)?.id ?? null;

  await db.transaction(async (tx) => {
    for (const [name, stageNames, deals] of [
      ['Deal flow', DEAL_FLOW_STAGES, DEAL_FLOW],
      ['Secondaries', SECONDARIES_STAGES, SECONDARIES],
    ] as const) {
      const [pipeline] = await tx.insert(pipelines).values({ name }).returning();
      const stages = await tx
        .insert(pipelineStages)
        .values(stageNames.map((stage, position) => ({ pipelineId: pipeline.id, name: stage, position })))
        .returning();
      const rows = deals.flatMap((stageDeals, stageIndex) =>
        stageDeals.map((deal, position) => ({
          pipelineId: pipeline.id,
          stageId: stages.find((s) => s.position === stageIndex)!.id,
          position,
          companyName: deal.company,
          ownerId: ownerId(deal.owner),
          source: deal.source,
          amountSought: deal.amount,
          preMoneyValuation: deal.valuation,
          currency: 'GBP',
          industry: deal.industry,
          summary: deal.summary,
          keyInformation: `<ul><li>Raising ${deal.amount.replace(/\.00$/, '')} GBP</li><li>Source: ${deal.source}</li></ul>`,
          keyDates: stageIndex > 0 ? [{ label: 'First meeting', date: '2026-01-15' }] : [],
        })),
      );
      if (rows.length) await tx.insert(pipelineDeals).values(rows);
    }
  });
}
