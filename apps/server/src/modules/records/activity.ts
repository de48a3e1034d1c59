import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { ACTIVITY_LIST, type ActivityEntry, activityEntrySchema, listQuery, pageOf, type RecordSubjectType } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { activityLog, contacts, users } from '../../db/schema';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { authorizeRecords, authorizeSubject, readSubjectFilter, type Subject } from '../../shared/record-subjects';

/**
 * A record's history: every change to it and to what is attached to it, newest first, with who
 * made it. Reading the history is part of reading the record ('show' on its area).
 */
const ACTIVITY_RESOURCE: ListResource = {
  name: ACTIVITY_LIST.name,
  // The subject is read and authorised before the rest of the query.
  filters: { subject_type: () => undefined, subject_id: () => undefined },
  sorts: { created_at: activityLog.createdAt },
  defaultSort: '-created_at',
};

/**
 * Areas that log changes to a record under their own name: an investor's account events are logged
 * on the 'user', a company's on its 'fund_investment' row. Its history shows them all.
 */
const LOGGED_AS: Partial<Record<RecordSubjectType, string[]>> = {
  investor: ['user'],
  company: ['fund_investment'],
};

/** The log entries of one record's history. */
async function historyOf(db: Db, subject: Subject): Promise<SQL | undefined> {
  const own = and(
    inArray(activityLog.subjectType, [subject.type, ...(LOGGED_AS[subject.type] ?? [])]),
    eq(activityLog.subjectId, String(subject.id)),
  );
  if (subject.type !== 'investor') return own;
  // An investor converted from a lead keeps the lead's history (modules/contacts/convert.ts).
  const leads = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.convertedUserId, subject.id));
  if (!leads.length) return own;
  return or(
    own,
    and(
      eq(activityLog.subjectType, 'contact'),
      inArray(
        activityLog.subjectId,
        leads.map((l) => String(l.id)),
      ),
    ),
  );
}

interface ActivityRow {
  id: number;
  action: string;
  actorId: number | null;
  actorName: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    action: row.action,
    actor: row.actorId == null ? null : { id: row.actorId, name: row.actorName },
    before: row.before as ActivityEntry['before'],
    after: row.after as ActivityEntry['after'],
    created_at: row.createdAt.toISOString(),
  };
}

export function registerActivityRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/activity',
    {
      schema: { querystring: listQuery(ACTIVITY_LIST), response: { 200: pageOf(activityEntrySchema) } },
      onRequest: authorizeRecords('show'),
    },
    async (request) => {
      const subject = readSubjectFilter(request.query, true);
      authorizeSubject(request, subject.type, 'show');
      const query = parseListQuery(request.query, ACTIVITY_RESOURCE);
      query.orderBy.push(desc(activityLog.id));
      const where = await historyOf(db, subject);
      return paginate<ActivityRow, ActivityEntry>(
        db
          .select({
            id: activityLog.id,
            action: activityLog.action,
            actorId: activityLog.actorId,
            actorName: users.name,
            before: activityLog.before,
            after: activityLog.after,
            createdAt: activityLog.createdAt,
          })
          .from(activityLog)
          .leftJoin(users, eq(users.id, activityLog.actorId))
          .where(where)
          .$dynamic(),
        db.select({ total: count() }).from(activityLog).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentActivity),
      );
    },
  );
}
