import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import {
  attributeValues,
  complianceAttempts,
  contacts,
  investmentMethodEntities,
  investorCategorisations,
  opportunityInvitations,
  organisationApplications,
  organisationUsers,
  questionnaireAnswers,
  sessions,
  users,
} from '../../db/schema';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { idParams } from '@platform/domain';
import type { UserRow } from '../../platform/session';
import { readAttributeInput, saveAttributeValues } from '../attributes/service';
import { sendInvitation } from '../auth/service';
import { purgeContact } from '../contacts/service';
import { purgeRecordsOf } from '../records/purge';
import { presentUsersWith } from '../../shared/user-presenter';
import { createInvestorSchema, personalChanges } from './schemas';
import { assertEmailFree, assertOwner, recordCategoryFromForm } from './service';

/** A live investor (role User), locked for the change; staff accounts belong to User Management. */
export async function lockInvestor(tx: Db, id: number): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt)))
    .for('update');
  if (!row) throw notFound('investor');
  return row;
}

/**
 * What refuses a hard delete, by the table of the rows that must be kept: the database answers a
 * foreign-key violation naming the referencing table.
 */
const KEPT_RECORDS: Record<string, string> = {
  investments: 'investments',
  ledgers: 'fund ledger entries',
  market_sounding_acceptances: 'insider-register entries',
  opportunity_discussions: 'questions asked on opportunities',
  discussion_replies: 'answers given on opportunities',
  pre_emption_entitlements: 'pre-emption entitlements',
  holding_realisations: 'realised proceeds',
};

function keptRecordsRefused(error: unknown): AppError | null {
  for (let e = error as { code?: string; table?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code !== '23503') continue;
    const kept = (e.table && KEPT_RECORDS[e.table]) ?? 'records that must be kept';
    return new AppError(
      'conflict',
      `This investor cannot be removed for good: ${kept} refer to them. Delete the investor instead; the record is kept but hidden.`,
    );
  }
  return null;
}

/**
 * What a hard delete removes with the investor: what exists only because of them — their records
 * and files, questionnaire answers, attribute values, compliance history, links, invitations,
 * organisation applications, and the lead they were converted from (sessions, tokens and
 * notifications go by cascade). Investments, ledgers and insider-register entries are kept by law
 * and refer to the investor, so an investor with any cannot be removed for good: the database
 * refuses (409). Answers the storage keys of the removed files, to remove once this commits.
 */
async function removeInvestorData(tx: Db, id: number): Promise<string[]> {
  await tx.delete(attributeValues).where(and(eq(attributeValues.subjectType, 'user'), eq(attributeValues.subjectId, id)));
  await tx.delete(questionnaireAnswers).where(and(eq(questionnaireAnswers.subjectType, 'user'), eq(questionnaireAnswers.subjectId, id)));
  await tx.delete(organisationApplications).where(eq(organisationApplications.userId, id));
  const files = await purgeRecordsOf(tx, { type: 'investor', id });
  for (const lead of await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.convertedUserId, id))) {
    files.push(...(await purgeContact(tx, lead.id)).files);
  }
  await tx.delete(complianceAttempts).where(eq(complianceAttempts.userId, id));
  await tx.delete(investorCategorisations).where(eq(investorCategorisations.userId, id));
  await tx.delete(organisationUsers).where(eq(organisationUsers.userId, id));
  await tx.delete(investmentMethodEntities).where(eq(investmentMethodEntities.userId, id));
  await tx.delete(opportunityInvitations).where(eq(opportunityInvitations.userId, id));
  await tx.delete(users).where(eq(users.id, id));
  return files;
}

/** Creating (new-investor), deleting (soft; hard for Support) investors. */
export function registerInvestorRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  app.post('/api/users', { onRequest: authorize('investors', 'create') }, async (request, reply) => {
    const { attributes: rawAttributes, ...fields } = await readFormFields(request);
    const input = parseFields(createInvestorSchema, fields);
    const attributeInput = readAttributeInput(rawAttributes);
    await assertEmailFree(db, input.email);
    await assertOwner(db, input.owner_id);
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          roleId: Role.User,
          ownerId: input.owner_id ?? null,
          ...personalChanges(input),
          ...(input.kyc_status ? { kycStatus: input.kyc_status, kycUpdatedAt: now } : {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordActivity(tx, { request, action: 'created', subjectType: 'user', subjectId: row.id, after: row });
      await saveAttributeValues(tx, request, { subjectType: 'user', subjectId: row.id, input: attributeInput, now });
      await recordCategoryFromForm(tx, request, row, input.category, now);
      const [latest] = await tx.select().from(users).where(eq(users.id, row.id));
      return latest;
    });
    // The account has no password: the invitation lets the investor choose one.
    if (input.send_invitation) {
      await sendInvitation(ctx, created);
      await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: created.id });
    }
    const [data] = await presentUsersWith(db, [created], new Set(['attributeValues', 'owner']));
    return reply.status(201).send({ data });
  });

  /** Soft delete: the investor disappears from lists and cannot sign in; everything is kept. */
  app.delete('/api/users/:id', { schema: { params: idParams }, onRequest: authorize('investors', 'delete') }, async (request, reply) => {
    const { id } = request.params as { id: number };
    await db.transaction(async (tx) => {
      const before = await lockInvestor(tx, id);
      const [after] = await tx.update(users).set({ deletedAt: clock.now(), updatedAt: clock.now() }).where(eq(users.id, id)).returning();
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await recordActivity(tx, { request, action: 'deleted', subjectType: 'user', subjectId: id, before, after });
    });
    return reply.status(204).send();
  });

  /** Hard delete (delete_unsafe, Support only): live or soft-deleted investors, for good. */
  app.delete(
    '/api/users/:id/unsafe',
    { schema: { params: idParams }, onRequest: authorize('investors', 'delete_unsafe') },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      let files: string[];
      try {
        files = await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(users)
            .where(and(eq(users.id, id), eq(users.roleId, Role.User)))
            .for('update');
          if (!before) throw notFound('investor');
          const removed = await removeInvestorData(tx, id);
          await recordActivity(tx, { request, action: 'deleted_permanently', subjectType: 'user', subjectId: id, before, after: null });
          return removed;
        });
      } catch (error) {
        throw keptRecordsRefused(error) ?? error;
      }
      await ctx.storage.remove(files);
      return reply.status(204).send();
    },
  );
}
