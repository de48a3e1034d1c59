import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { activityLog } from '../db/schema';

/** Fields that never go into the activity log. */
const SECRET_FIELDS = new Set(['passwordHash', 'password_hash', 'password', 'token', 'tokenHash']);

function scrub(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_FIELDS.has(key)));
}

/** Writes who changed what, when, with the before and after state (secrets removed). */
export async function recordActivity(
  db: Pick<Db, 'insert'>,
  entry: {
    request?: FastifyRequest;
    actorId?: number | null;
    action: string;
    subjectType: string;
    subjectId?: string | number | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(activityLog).values({
    actorId: entry.actorId ?? entry.request?.user?.id ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId == null ? null : String(entry.subjectId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: entry.request?.ip ?? null,
  });
}
