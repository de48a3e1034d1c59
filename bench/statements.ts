import { adminQuery, adminUrl } from './support/admin-db';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openPostgres } from '../apps/server/src/db/client';
import { investmentOpportunities } from '../apps/server/src/db/schema';
import { importStatement } from '../apps/server/src/modules/bank-statements/import';
import { amountAndNameMatches, referenceMatches } from '../apps/server/src/modules/bank-statements/match';
import { parseStatement } from '../apps/server/src/modules/bank-statements/parse';

/**
 * A 10,000-line CSV bank statement matched against 100,000 open cash calls (decision 0055), on
 * PostgreSQL: reading the file, the whole import (write, match, pay what matched by reference) and
 * the two matching queries alone, beside a bare SQL join of the same lines on the payment
 * reference and on the amount measured in the same run, and the plans that show the indexes used.
 */
const CALLS = Number(process.env.BENCH_CASH_CALLS ?? 100_000);
const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 10_000);
const INVESTORS = Math.ceil(CALLS / 5);
const databaseName = `platform_bench_statements_${process.pid}`;

const seconds = (started: number) => (performance.now() - started) / 1000;
const FIRST = ['Alice', 'Bob', 'Carla', 'Deepak', 'Eve', 'Farah', 'Gil', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Smith', 'Jones', 'Patel', 'Nguyen', 'Okafor', 'Garcia', 'Kowalski', 'Brown', 'Murphy', 'Chen'];

export async function runStatementsBench() {
  console.log(
    `\n## Bank statement of ${LINES.toLocaleString('en-GB')} lines against ${CALLS.toLocaleString('en-GB')} open cash calls (PostgreSQL)`,
  );
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
  await adminQuery(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const database = openPostgres(url.toString(), 4, { statementTimeoutMs: 600_000 });
  try {
    await migrateDatabase(database, url.toString());
    await measure(database.db);
  } finally {
    await database.close();
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }
}

async function measure(db: ReturnType<typeof openPostgres>['db']) {
  const [opportunity] = await db
    .insert(investmentOpportunities)
    .values({ slug: 'bench', name: 'Bench', companyName: 'Bench Ltd', status: 2, currency: 'GBP', targetRaise: '1.00', summary: '' })
    .returning();
  let started = performance.now();
  await db.execute(sql`
    insert into users (name, email, role_id)
    select ${sql.raw(`(array['${FIRST.join("','")}'])`)}[1 + g % 10] || ' ' || ${sql.raw(`(array['${LAST.join("','")}'])`)}[1 + (g / 10) % 10] || ' ' || g,
      'bench' || g || '@statements.test', 5
    from generate_series(1, ${INVESTORS}) g`);
  // Amounts from 1,000.00 to 100,000.00 in pence, repeating now and then as real calls do.
  await db.execute(sql`
    insert into investments (opportunity_id, user_id, status, amount, currency, payment_reference, cash_call_at, payment_due_on)
    select ${opportunity.id}, (select min(id) from users) + (g % ${INVESTORS}), 'cash_call',
      (1000 + (g * 7919) % 9900000 / 100.0)::numeric(20,2), 'GBP', 'INV-' || ${opportunity.id} || '-' || upper(lpad(to_hex(g), 6, '0')),
      now(), current_date + 14
    from generate_series(1, ${CALLS}) g`);
  await db.execute(sql`analyze`);
  console.log(
    `- seeded ${CALLS.toLocaleString('en-GB')} open calls of ${INVESTORS.toLocaleString('en-GB')} investors in ${seconds(started).toFixed(1)} s`,
  );

  // Half the lines quote a reference, three in ten pay an exact amount under the investor's name, the rest match nothing.
  const { rows } = (await db.execute(sql`
    select i.payment_reference, i.amount::text, u.name from investments i join users u on u.id = i.user_id
    order by i.id limit ${LINES}`)) as unknown as { rows: Array<{ payment_reference: string; amount: string; name: string }> };
  const csv = ['Date,Description,Amount,Counterparty'];
  rows.forEach((r, i) => {
    const kind = i % 10;
    if (kind < 5) csv.push(`02/03/2026,Payment ${r.payment_reference},${r.amount},${r.name}`);
    else if (kind < 8) csv.push(`02/03/2026,Investment,${r.amount},${r.name.toUpperCase()}`);
    else csv.push(`02/03/2026,Something else ${i},${(i % 997) + 0.37},Nobody ${i}`);
  });
  const file = { filename: 'bench.csv', mimetype: 'text/csv', data: Buffer.from(csv.join('\n')) };

  started = performance.now();
  const parsed = parseStatement(file, { currency: 'GBP' });
  const parseSeconds = seconds(started);
  started = performance.now();
  const statement = await importStatement(db, parsed, { filename: file.filename, userId: null, now: new Date() });
  const importSeconds = seconds(started);
  const counts = (await db.execute(
    sql`select status, count(*)::int as n from bank_statement_lines where statement_id = ${statement.id} group by status order by status`,
  )) as unknown as { rows: Array<{ status: string; n: number }> };
  console.log(
    `- read the CSV (${LINES.toLocaleString('en-GB')} lines, ${(file.data.length / 1024).toFixed(0)} KB): ${parseSeconds.toFixed(2)} s`,
  );
  console.log(
    `- whole import (write, match, pay what matched by reference): ${importSeconds.toFixed(2)} s — ${counts.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`,
  );

  // The matching queries alone, on the same lines set back to unmatched, rolled back after.
  const timings: Record<string, number> = {};
  await db
    .transaction(async (tx) => {
      await tx.execute(
        sql`update bank_statement_lines set status = 'unmatched', investment_id = null, match_kind = null where statement_id = ${statement.id}`,
      );
      let at = performance.now();
      await referenceMatches(tx, statement.id, new Date());
      timings.reference = seconds(at);
      at = performance.now();
      await amountAndNameMatches(tx, statement.id, new Date());
      timings.amount = seconds(at);
      const plan = async (query: ReturnType<typeof sql>) =>
        ((await tx.execute(sql`explain (costs off) ${query}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows
          .map((r) => `    ${r['QUERY PLAN']}`)
          .join('\n');
      console.log('- plan of the reference match:');
      console.log(
        await plan(sql`update bank_statement_lines l set investment_id = i.id from investments i
          where l.statement_id = ${statement.id} and l.status = 'unmatched' and l.reference_key = i.payment_reference
          and i.status = 'cash_call' and i.deleted_at is null`),
      );
      console.log('- plan of the amount candidates:');
      console.log(
        await plan(sql`select l.id, i.id from bank_statement_lines l
          join investments i on i.status = 'cash_call' and i.deleted_at is null and i.currency = l.currency and (i.amount - i.received_amount) = l.amount
          join users u on u.id = i.user_id where l.statement_id = ${statement.id} and l.status = 'unmatched' and l.payer_name <> ''`),
      );
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  let at = performance.now();
  await db.execute(
    sql`select count(*) from bank_statement_lines l join investments i on i.payment_reference = l.reference_key where l.statement_id = ${statement.id}`,
  );
  const bareReference = seconds(at);
  at = performance.now();
  await db.execute(
    sql`select count(*) from bank_statement_lines l join investments i on i.status = 'cash_call' and i.currency = l.currency and (i.amount - i.received_amount) = l.amount where l.statement_id = ${statement.id}`,
  );
  const bareAmount = seconds(at);
  console.log(
    `- match by reference: ${(timings.reference * 1000).toFixed(0)} ms; bare join on reference: ${(bareReference * 1000).toFixed(0)} ms`,
  );
  console.log(
    `- match by amount and name (with name scoring): ${(timings.amount * 1000).toFixed(0)} ms; bare join on amount: ${(bareAmount * 1000).toFixed(0)} ms`,
  );
}

class RolledBack extends Error {}
