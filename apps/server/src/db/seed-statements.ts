import { eq } from 'drizzle-orm';
import { periodEnds, quarterBounds, quarterOf } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { processStatementRuns } from '../modules/statements/runs';
import { statementRunItems, statementRuns, users } from './schema';

/**
 * Demo statements: investor@demo.test's statements as at the last two quarter ends, filed in
 * their documents by the same run the staff page starts.
 */
export async function seedStatements(deps: Pick<AppContext, 'db' | 'realtime' | 'storage'>, now: Date): Promise<void> {
  const { db } = deps;
  const [investor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  if (!investor) return;
  const thisQuarter = quarterBounds(quarterOf(now.toISOString().slice(0, 10)));
  const dayBefore = new Date(Date.parse(`${thisQuarter.start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const ends = periodEnds('quarter', `${Number(dayBefore.slice(0, 4)) - 1}-01-01`, dayBefore).slice(-2);
  for (const asAt of ends) {
    const [run] = await db
      .insert(statementRuns)
      .values({ asAt, periodFrom: `${asAt.slice(0, 4)}-01-01`, total: 1, requestedBy: admin?.id ?? null })
      .returning();
    await db.insert(statementRunItems).values({ runId: run.id, investorId: investor.id });
  }
  await processStatementRuns({ ...deps, clock: { now: () => now } }, undefined, 'demo-seed');
}
