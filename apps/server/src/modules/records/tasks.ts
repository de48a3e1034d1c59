import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { createTaskBody, Role, TASK_STATUSES, TASKS_LIST, type TaskStatus, taskSchema, updateTaskBody } from '@platform/domain';
import type { Db } from '../../db/client';
import { tasks, users } from '../../db/schema';
import { validationError } from '../../platform/errors';
import { dayFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import type { Subject } from '../../shared/record-subjects';
import { logRecordChange, peopleById, person, presentOne, type RecordKind } from './crud';

/**
 * Tasks: follow-ups on a record, given to a member of staff with a due date. Completing one stamps
 * completed_at from the app clock; reopening clears it. Lists may span records ("my tasks").
 */
type TaskRow = typeof tasks.$inferSelect;

/** Tasks are staff work: an investor (or a deleted account) cannot be given one. */
async function assertAssignee(db: Db, assigneeId: number | null | undefined) {
  if (assigneeId == null) return;
  const [assignee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assigneeId), ne(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!assignee) throw validationError({ assignee_id: ['Choose a member of staff.'] });
}

function completion(
  status: TaskStatus | undefined,
  current: TaskRow | null,
  now: Date,
): Pick<TaskRow, 'completedAt'> | Record<string, never> {
  if (status === undefined || status === current?.status) return {};
  return { completedAt: status === 'done' ? now : null };
}

export const taskKind: RecordKind<TaskRow, typeof taskSchema, typeof createTaskBody, typeof updateTaskBody> = {
  name: 'task',
  path: '/api/tasks',
  table: tasks,
  item: taskSchema,
  spec: TASKS_LIST,
  listsAcrossSubjects: true,
  list: {
    name: 'tasks',
    filters: {
      assignee_id: idsFilter('assignee_id', tasks.assigneeId),
      status: oneOfFilter('status', tasks.status, TASK_STATUSES),
      /** Due strictly before the day given: `due_before=<today>` lists what is overdue. */
      due_before: (value) => lt(tasks.dueDate, dayFilter('due_before', value)),
    },
    sorts: { due_date: tasks.dueDate, created_at: tasks.createdAt },
    defaultSort: 'due_date',
  },
  async present(db, rows) {
    const people = await peopleById(
      db,
      rows.flatMap((r) => [r.assigneeId, r.createdBy]),
    );
    return rows.map((row) => ({
      id: row.id,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      title: row.title,
      description: row.description,
      assignee_id: row.assigneeId,
      assignee: person(people, row.assigneeId),
      due_date: row.dueDate,
      status: row.status,
      completed_at: row.completedAt?.toISOString() ?? null,
      created_by: person(people, row.createdBy),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  create: {
    body: createTaskBody,
    run: async (tx, subject, input, { userId, now }) => {
      await assertAssignee(tx, input.assignee_id);
      const [row] = await tx
        .insert(tasks)
        .values({
          subjectType: subject.type,
          subjectId: subject.id,
          title: input.title,
          description: input.description,
          assigneeId: input.assignee_id,
          dueDate: input.due_date,
          status: input.status ?? 'open',
          ...completion(input.status, null, now),
          createdBy: userId,
        })
        .returning();
      return row;
    },
  },
  update: {
    body: updateTaskBody,
    run: async (tx, task, input, { now }) => {
      await assertAssignee(tx, input.assignee_id);
      const [row] = await tx
        .update(tasks)
        .set({
          title: input.title,
          description: input.description,
          assigneeId: input.assignee_id,
          dueDate: input.due_date,
          status: input.status,
          ...completion(input.status, task, now),
          updatedAt: now,
        })
        .where(eq(tasks.id, task.id))
        .returning();
      return row;
    },
  },
};

/**
 * A task the platform raises on a record for staff to pick up (an investor's "Contact us" message):
 * open, given to nobody yet, logged on the record as staff's own tasks are.
 */
export async function raiseTask(
  tx: Db,
  subject: Subject,
  task: { title: string; description: string },
  write: { request: FastifyRequest; userId: number; now: Date },
): Promise<TaskRow> {
  const input: z.output<typeof createTaskBody> = { subject_type: subject.type, subject_id: subject.id, ...task, status: 'open' };
  const row = await taskKind.create!.run(tx, subject, input, write);
  await logRecordChange(tx, taskKind, write.request, 'created', row, null, await presentOne(tx, taskKind, row));
  return row;
}
