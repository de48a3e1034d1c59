import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CALL_DIRECTIONS } from '@platform/domain';
import { callLogs } from '../../db/schema';
import { parseFields } from '../../platform/form';
import { clearable, textInput } from '@platform/domain';
import { oneOfFilter } from '../../platform/list-filters';
import { peopleById, person, type RecordKind } from './crud';

/** Call logs: who called whom, when, for how long, and what was said. */
type CallLogRow = typeof callLogs.$inferSelect;

const callFields = {
  /** An instant with its offset (2026-03-14T10:30:00Z or …+01:00): a call happened at one moment. */
  called_at: z.iso.datetime({ offset: true, message: 'Enter the date and time of the call.' }).transform((value) => new Date(value)),
  direction: z.enum(CALL_DIRECTIONS, { message: 'Choose inbound or outbound.' }),
  duration_minutes: clearable(
    z.coerce
      .number({ message: 'Enter the length in minutes.' })
      .int('Enter whole minutes.')
      .min(0, 'Enter 0 or more.')
      .max(1440, 'Enter at most 1440 minutes.'),
  ),
  summary: clearable(textInput(20_000)),
};

const createCallSchema = z.strictObject({
  ...callFields,
  duration_minutes: callFields.duration_minutes.optional(),
  summary: callFields.summary.optional(),
});
const updateCallSchema = z.strictObject(callFields).partial();

export const callLogKind: RecordKind<CallLogRow> = {
  name: 'call_log',
  path: '/api/call-logs',
  table: callLogs,
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
  async create(tx, subject, fields, { userId }) {
    const input = parseFields(createCallSchema, fields);
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
  async update(tx, call, fields, { now }) {
    const input = parseFields(updateCallSchema, fields);
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
};
