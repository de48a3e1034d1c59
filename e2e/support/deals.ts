import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/**
 * A pipeline whose first stage holds more deals than a column shows at first: `deals` companies
 * named "Long Column 01"… in order, and an empty second stage. Written straight to the database
 * the server under test reads, as a busy deal flow would have left it.
 */
export async function createLongPipeline(name: string, deals: number) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const { rows } = (await database.db.execute(sql`insert into pipelines (name) values (${name}) returning id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    const pipelineId = rows[0].id;
    await database.db.execute(sql`
      insert into pipeline_stages (pipeline_id, name, position) values (${pipelineId}, 'Inbox', 0), (${pipelineId}, 'Shortlist', 1)`);
    await database.db.execute(sql`
      insert into pipeline_deals (pipeline_id, stage_id, position, company_name, currency)
      select ${pipelineId}, s.id, g - 1, 'Long Column ' || lpad(g::text, 2, '0'), 'GBP'
      from generate_series(1, ${deals}::int) g
      join pipeline_stages s on s.pipeline_id = ${pipelineId} and s.position = 0`);
    return pipelineId;
  } finally {
    await database.close();
  }
}
