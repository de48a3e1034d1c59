import type { FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import Bowser from 'bowser';
import type { ActiveSession } from '@platform/domain';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { requireUser } from '../../platform/guards';

/** "Chrome 131 on Linux", from the user agent; what a person recognises their devices by. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name ?? '';
  if (!browser && !system) return 'Unknown device';
  return system ? `${browser || 'A browser'} on ${system}` : browser;
}

/** The caller's own sessions, newest activity first; the one this request came with is marked. */
export async function listSessions(db: Db, request: FastifyRequest): Promise<ActiveSession[]> {
  const user = requireUser(request);
  const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    user_agent: row.userAgent,
    ip: row.ip,
    signed_in_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.idHash === request.sessionHash,
  }));
}

/** Ends one of the caller's other sessions; another person's is a 404, this one is ended by logging out. */
export async function endSession(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const user = requireUser(request);
  const [found] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, user.id)));
  if (!found) throw notFound('session');
  if (found.idHash === request.sessionHash) throw validationError({ id: ['This is the session you are using: log out to end it.'] });
  await db.delete(sessions).where(eq(sessions.idHash, found.idHash));
  await recordActivity(db, { request, action: 'ended_session', subjectType: 'user', subjectId: user.id, before: { session: id } });
}
