import type { FastifyRequest } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createNomineeBody, Nominee, updateNomineeBody } from '@platform/domain';
import type { Db } from '../../db/client';
import { investments, nominees } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { paginate, parseListQuery, type Page } from '../../platform/list-query';
import type { DeletableHolder } from '../holders';
import { flagOn, loadSettings } from '../../shared/settings';
import { liveNominees, NOMINEES_RESOURCE } from './list';
import { presentNominee, type NomineeRow } from './presenter';

/** Nominees as holders: they hold the investments that name them. */
export const NOMINEE: DeletableHolder = {
  subject: 'nominee',
  label: 'nominee',
  table: nominees,
  heldBy: (id) => eq(investments.nomineeId, id),
};

/** Nominees exist only while the tenant offers them: off, every route answers 404. */
export const nomineesEnabled = async (db: Db) => flagOn(await loadSettings(db), 'nominee_enabled');

/** Whether a live nominee has this id (records attached to one check it). */
export async function nomineeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: nominees.id })
    .from(nominees)
    .where(liveNominees(eq(nominees.id, id)));
  return rows.length > 0;
}

/** A live nominee; 404 otherwise. */
export async function findNominee(db: Db, id: number): Promise<NomineeRow> {
  const [row] = await db
    .select()
    .from(nominees)
    .where(liveNominees(eq(nominees.id, id)));
  if (!row) throw notFound('nominee');
  return row;
}

/** A page of live nominees. */
export function listNominees(db: Db, request: FastifyRequest, raw: Record<string, unknown>): Promise<Page<Nominee>> {
  const query = parseListQuery(raw, NOMINEES_RESOURCE);
  query.orderBy.push(asc(nominees.id));
  const where = liveNominees(query.where);
  return paginate<NomineeRow, Nominee>(
    db.select().from(nominees).where(where).$dynamic(),
    db.select({ total: count() }).from(nominees).where(where).$dynamic(),
    query,
    request,
    (rows) => rows.map(presentNominee),
  );
}

type NomineeInput = z.output<typeof updateNomineeBody>;

/** Form input → nominee columns; only the fields sent are written (an edit may send a few). */
const nomineeColumns = (input: NomineeInput) => ({
  name: input.name,
  companyNumber: input.company_number,
  email: input.email,
  address: input.address,
});

export async function createNominee(db: Db, request: FastifyRequest, input: z.output<typeof createNomineeBody>): Promise<NomineeRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(nominees)
      .values({ ...nomineeColumns(input), name: input.name })
      .returning();
    await recordActivity(tx, { request, action: 'created', subjectType: 'nominee', subjectId: row.id, after: row });
    return row;
  });
}

export async function updateNominee(db: Db, request: FastifyRequest, id: number, input: NomineeInput, now: Date): Promise<NomineeRow> {
  await findNominee(db, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(nominees).where(eq(nominees.id, id)).for('update');
    if (before.deletedAt) throw notFound('nominee');
    const [row] = await tx
      .update(nominees)
      .set({ ...nomineeColumns(input), updatedAt: now })
      .where(eq(nominees.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'updated', subjectType: 'nominee', subjectId: id, before, after: row });
    return row;
  });
}
