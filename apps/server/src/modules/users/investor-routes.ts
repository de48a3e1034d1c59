import { createInvestorBody, dataOf, idParams, noContent, userSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { screenInvestorIfEnabled } from '../../shared/screening';
import { authorize } from '../../platform/guards';
import { readAttributeInput } from '../attributes';
import { sendInvitation } from '../auth';
import { presentUsersWith } from '../../shared/user-presenter';
import { createInvestor, deleteInvestor, removeInvestorForGood } from './service';

/** Creating (new-investor), deleting (soft; hard for Support) investors. */
export function registerInvestorRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  app.post(
    '/api/users',
    { schema: { body: createInvestorBody, response: { 201: dataOf(userSchema) } }, onRequest: authorize('investors', 'create') },
    async (request, reply) => {
      const { attributes, ...input } = request.body;
      const created = await createInvestor(db, request, input, readAttributeInput(attributes), clock.now());
      await screenInvestorIfEnabled(db, created.id, clock.now());
      // The account has no password: the invitation lets the investor choose one.
      if (input.send_invitation) {
        await sendInvitation(ctx, created);
        await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: created.id });
      }
      const [data] = await presentUsersWith(db, [created], new Set(['attributeValues', 'owner']));
      return reply.status(201).send({ data });
    },
  );

  /** Soft delete: the investor disappears from lists and cannot sign in; everything is kept. */
  app.delete(
    '/api/users/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('investors', 'delete') },
    async (request, reply) => {
      await deleteInvestor(db, request, request.params.id, clock.now());
      return reply.status(204).send(null);
    },
  );

  /**
   * Hard delete (delete_unsafe, Support only): an investor whose account was closed, for good —
   * refused (409, naming the date) while their records are within the retention period (decision 0033).
   */
  app.delete(
    '/api/users/:id/unsafe',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('investors', 'delete_unsafe') },
    async (request, reply) => {
      const files = await removeInvestorForGood(db, request, request.params.id, clock.now());
      await ctx.storage.remove(files);
      return reply.status(204).send(null);
    },
  );
}
