import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';

const BOARD_DEALS = 5_000;
const OTHER_DEALS = 15_000;
const STAGES = ['Sourced', 'First look', 'Screening', 'Meeting', 'Due diligence', 'Committee', 'Term sheet', 'Closing'];

/**
 * The kanban board's data: a pipeline of eight stages holding 5,000 deals, most in the early stages
 * as in a real funnel, owned by 20 staff, beside another pipeline of 15,000 deals so the board reads
 * its own out of 20,000. Positions are dense per stage, as moves keep them (decision 0007).
 */
export async function seed({ db }: AppContext) {
  const started = performance.now();
  await db.execute(sql`
    insert into users (name, email, role_id, email_verified_at, accepted_terms_version)
    select 'Deal Owner ' || k, 'owner' || k || '@bench.test', 10, now(), 1 from generate_series(1, 20) k`);
  const boardId = await pipeline('Bench Board', STAGES, BOARD_DEALS);
  await pipeline('Other Pipeline', STAGES.slice(0, 5), OTHER_DEALS);
  await db.execute(sql`analyze pipeline_deals`);
  return { boardId, deals: BOARD_DEALS, stages: STAGES.length, otherDeals: OTHER_DEALS, loadSeconds: (performance.now() - started) / 1000 };

  async function pipeline(name: string, stages: string[], deals: number): Promise<number> {
    const { rows } = (await db.execute(sql`insert into pipelines (name) values (${name}) returning id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    const id = rows[0].id;
    await db.execute(sql`
      insert into pipeline_stages (pipeline_id, name, position)
      select ${id}::int, s.name, s.position::int from unnest(${sql.raw(`array[${stages.map((s) => `'${s}'`).join(', ')}]`)}::text[]) with ordinality s(name, position)`);
    // Stage weights 6, 4, 3, 2, 2, 1, 1, 1 of 20: a funnel.
    await db.execute(sql`
      insert into pipeline_deals (pipeline_id, stage_id, position, company_name, owner_id, source, amount_sought, pre_money_valuation, currency, industry, summary, created_at, updated_at)
      select ${id}::int, st.id, row_number() over (partition by st.id order by g)::int,
        ${name} || ' Company ' || g, (select min(id) from users where email like 'owner%@bench.test') + g % 20,
        (array['Angel referral', 'Inbound', 'Event', 'Accelerator'])[1 + g % 4],
        round(50000 + (g * 7919) % 2950000, -3), round(500000 + (g * 104729) % 19500000, -3),
        'GBP', (array['Fintech', 'Health', 'Energy', 'Software', 'Consumer', 'Robotics'])[1 + g % 6],
        'A company the network is looking at, with a short summary of what it does and why.',
        now() - (g % 700) * interval '1 day', now() - (g % 90) * interval '1 hour'
      from generate_series(1, ${sql.raw(String(deals))}) g
      join pipeline_stages st on st.pipeline_id = ${id}::int
        and st.position = least(${sql.raw(String(stages.length))}, (array[1,1,1,1,1,1,2,2,2,2,3,3,3,4,4,5,5,6,7,8])[1 + g % 20])`);
    return id;
  }
}
