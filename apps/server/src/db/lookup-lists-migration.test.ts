import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from './client';

/**
 * The data step of the lookup-lists migration (decision 0027), run on records that hold free text:
 * every distinct value becomes an entry of its list, exactly as written.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');
const files = fs
  .readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const target = files.findIndex((f) => f.endsWith('_lookup_lists.sql'));

let db: PGlite;
const run = async (file: string) => {
  for (const statement of fs.readFileSync(path.join(MIGRATIONS, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

beforeAll(async () => {
  db = await PGlite.create(PGLITE_OPTIONS);
  for (const file of files.slice(0, target)) await run(file);
  await db.exec(`
    insert into pipelines (id, name) values (1, 'P');
    insert into pipeline_stages (id, pipeline_id, name, position) values (1, 1, 'S', 0);
    insert into pipeline_deals (pipeline_id, stage_id, position, company_name, industry) values
      (1, 1, 0, 'A', 'Fintech'), (1, 1, 1, 'B', 'fintech'), (1, 1, 2, 'C', ' '), (1, 1, 3, 'D', null), (1, 1, 4, 'E', 'Robotics');
    insert into funds (id, name, type, vintage) values (1, 'F', 'EIS', 2020);
    insert into fund_investments (fund_id, company_name, cost, industry) values (1, 'G', 1, 'Food & drink'), (1, 'H', 1, 'Fintech');
    insert into investment_opportunities (name, slug, company_name, status, type, sub_type, industry, round_type) values
      ('O1', 'o1', 'O1', 1, 'Equity', 'Ordinary shares', 'Climate', 'Seed'),
      ('O2', 'o2', 'O2', 1, null, 'Ordinary shares', 'Robotics', 'Series A'),
      ('O3', 'o3', 'O3', 1, 'Debt', 'Loan note', null, null),
      ('O4', 'o4', 'O4', 1, null, 'Orphan', null, '');
  `);
  await run(files[target]);
}, 120_000);
afterAll(() => db?.close());

async function entries(list: string) {
  const { rows } = await db.query<{ name: string; position: number; parent: string | null }>(
    `select v.name, v.position, p.name as parent from lookup_values v left join lookup_values p on p.id = v.parent_id
     where v.list = $1 order by v.position`,
    [list],
  );
  return rows.map((r) => [r.name, r.position, r.parent]);
}

describe('the lookup-lists migration', () => {
  it('keeps every distinct industry of deals, companies and opportunities, exactly as written', async () => {
    expect(await entries('industries')).toEqual([
      ['Climate', 0, null],
      ['Fintech', 1, null],
      ['Food & drink', 2, null],
      ['Robotics', 3, null],
      ['fintech', 4, null],
    ]);
  });

  it('keeps types, round types and sub-types, each sub-type under the type it was recorded with', async () => {
    expect(await entries('investment-types')).toEqual([
      ['Debt', 0, null],
      ['Equity', 1, null],
    ]);
    expect(await entries('investment-round-types')).toEqual([
      ['Seed', 0, null],
      ['Series A', 1, null],
    ]);
    expect(await entries('investment-sub-types')).toEqual([
      ['Loan note', 0, 'Debt'],
      ['Ordinary shares', 1, 'Equity'],
      ['Orphan', 2, null],
    ]);
  });
});
