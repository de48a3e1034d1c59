import { eq } from 'drizzle-orm';
import { CALL_DIRECTIONS, CALL_LOGS_LIST, callLogSchema, createCallLogBody, updateCallLogBody } from '@platform/domain';
import { callLogs } from '../../db/schema';
import { oneOfFilter } from '../../platform/list-filters';
import { peopleById, person, type RecordKind } from './crud';

/** Call logs: who called whom, when, for how long, and what was said. */
type CallLogRow = typeof callLogs.$inferSelect;

export const callLogKind: RecordKind<CallLogRow, typeof callLogSchema, typeof createCallLogBody, typeof updateCallLogBody> = {
  name: 'call_log',
  path: '/api/call-logs',
  table: callLogs,
  item: callLogSchema,
  spec: CALL_LOGS_LIST,
  list: {
    name: 'call_logs',
    filters: { direction: oneOfFilter('direction', callLogs.direction, CALL_DIRECTIONS) },
    sorts: { called_at: callLogs.calledAt, created_at: callLogs.createdAt },
    defaultSort: '-called_at',
  },
  async present(db, rows) {
    const people = await peopleById(
      db,
      rows.map((r) => r.authorId),
    );
    return rows.map((row) => ({
      id: row.id,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      called_at: row.calledAt.toISOString(),
      direction: row.direction,
      duration_minutes: row.durationMinutes,
      summary: row.summary,
      author_id: row.authorId,
      author: person(people, row.authorId),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  create: {
    body: createCallLogBody,
    run: async (tx, subject, input, { userId }) => {
      const [row] = await tx
        .insert(callLogs)
        .values({
          subjectType: subject.type,
          subjectId: subject.id,
          calledAt: input.called_at,
          direction: input.direction,
          durationMinutes: input.duration_minutes,
          summary: input.summary,
          authorId: userId,
        })
        .returning();
      return row;
    },
  },
  update: {
    body: updateCallLogBody,
    run: async (tx, call, input, { now }) => {
      const [row] = await tx
        .update(callLogs)
        .set({
          calledAt: input.called_at,
          direction: input.direction,
          durationMinutes: input.duration_minutes,
          summary: input.summary,
          updatedAt: now,
        })
        .where(eq(callLogs.id, call.id))
        .returning();
      return row;
    },
  },
};
