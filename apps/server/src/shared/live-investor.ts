import { and, eq, isNull } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../platform/errors';

/** A live investor (role User, not deleted) a staff path names, or a 404 for anyone else. */
export async function assertLiveInvestor(db: Db, id: number): Promise<number> {
  const [investor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!investor) throw notFound('investor');
  return investor.id;
}
