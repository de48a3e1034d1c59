import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  createIntentTermsBody,
  createPlacementBody,
  currentIntentTermsSchema,
  dataOf,
  dealDemandQuery,
  dealDemandSchema,
  idParams,
  intentSchema,
  intentsQuery,
  intentTermsSchema,
  investorPlacementSchema,
  noContent,
  placementsQuery,
  Role,
  saveIntentBody,
  staffPlacementDetailSchema,
  staffPlacementSchema,
  updatePlacementBody,
} from '@platform/domain';
import { dealPlacements, intents, intentTerms } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { authorize, investorOnly, investorOrAny, requireInvestor, requireUser } from '../../platform/guards';
import { notifyUsers } from '../../shared/notifications';
import { loadSettings } from '../../shared/settings';
import { recordWallCrossing } from '../insider-register';
import { presentIntent, presentInvestorPlacement, presentRecipient, presentStaffPlacement } from './presenter';
import {
  acceptPlacementMarketSounding,
  addRecipients,
  createPlacement,
  currentIntentTerms,
  demandOf,
  findInvestorPlacement,
  intentRows,
  intentTermsRows,
  investorPlacementRows,
  lockPlacement,
  pipelineDemand,
  placementRows,
  publishIntentTerms,
  recipientRows,
  saveIntent,
  updateTeaser,
  withdrawPlacement,
} from './service';
import { escapeHtml } from '../../platform/html';

/** Where the investor reads a placement (notification link and the investments page). */
export const investorPlacementPath = (id: number) => `/investor/investments/placements/${id}`;

/**
 * Soft-circling a pipeline deal before launch (decision 0062): deal placements (staff, event
 * `deals`), the investor's view of the placements made to them, intents, and the intent terms
 * (staff under the investor settings' event).
 */
export function registerPlacementRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  async function staffPlacement(id: number) {
    const [row] = await placementRows(db, eq(dealPlacements.id, id));
    if (!row) throw notFound('placement');
    const demand = await demandOf(db, [id]);
    const recipients = await recipientRows(db, id);
    return {
      ...presentStaffPlacement(row, demand.get(id)),
      recipients: recipients.map((r) => presentRecipient(r, row.currency)),
    };
  }

  async function tellPlaced(placementId: number, userIds: number[], companyName: string, insideInformation: boolean) {
    const what = insideInformation
      ? 'A confidential deal is being placed with you. Read the market-sounding notice to learn more.'
      : `<strong>${escapeHtml(companyName)}</strong> is being placed with you before it launches. Tell us whether you are interested.`;
    await notifyUsers(ctx, userIds, { message: `<p>${what}</p>`, icon: 'deal_placement', cta: investorPlacementPath(placementId) });
  }

  // ——— Staff ———

  app.get(
    '/api/deal-placements',
    {
      schema: { querystring: placementsQuery, response: { 200: dataOf(z.array(staffPlacementSchema)) } },
      onRequest: authorize('deals', 'index'),
    },
    async (request) => {
      const { deal_id } = request.query;
      const rows = await placementRows(db, deal_id === undefined ? undefined : eq(dealPlacements.dealId, deal_id));
      const demand = await demandOf(
        db,
        rows.map((r) => r.placement.id),
      );
      return { data: rows.map((r) => presentStaffPlacement(r, demand.get(r.placement.id))) };
    },
  );

  /** The board's demand per card: one aggregate query for the whole pipeline. */
  app.get(
    '/api/deal-placements/demand',
    {
      schema: { querystring: dealDemandQuery, response: { 200: dataOf(z.array(dealDemandSchema)) } },
      onRequest: authorize('deals', 'index'),
    },
    async (request) => ({ data: await pipelineDemand(db, request.query.pipeline_id) }),
  );

  app.get(
    '/api/deal-placements/:id',
    { schema: { params: idParams, response: { 200: dataOf(staffPlacementDetailSchema) } }, onRequest: authorize('deals', 'show') },
    async (request) => ({ data: await staffPlacement(request.params.id) }),
  );

  app.post(
    '/api/deal-placements',
    {
      schema: { body: createPlacementBody, response: { 201: dataOf(staffPlacementDetailSchema) } },
      onRequest: authorize('deals', 'update'),
    },
    async (request, reply) => {
      const { row, added } = await db.transaction(async (tx) => {
        const created = await createPlacement(tx, request.body, requireUser(request).id);
        await recordActivity(tx, {
          request,
          action: 'placed',
          subjectType: 'deal_placement',
          subjectId: created.row.id,
          after: { ...created.row, user_ids: created.added },
        });
        return created;
      });
      const data = await staffPlacement(row.id);
      await tellPlaced(row.id, added, data.deal.company_name, row.insideInformation);
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/deal-placements/:id',
    {
      schema: { params: idParams, body: updatePlacementBody, response: { 200: dataOf(staffPlacementDetailSchema) } },
      onRequest: authorize('deals', 'update'),
    },
    async (request) => {
      const { teaser, user_ids = [], client_group_ids = [] } = request.body;
      const { before, added } = await db.transaction(async (tx) => {
        const current = await lockPlacement(tx, request.params.id);
        const after = teaser === undefined ? current : await updateTeaser(tx, current.id, teaser, clock.now());
        const reached = await addRecipients(tx, current.id, user_ids, client_group_ids);
        await recordActivity(tx, {
          request,
          action: 'updated',
          subjectType: 'deal_placement',
          subjectId: current.id,
          before: current,
          after: { ...after, added_user_ids: reached },
        });
        return { before: current, added: reached };
      });
      const data = await staffPlacement(before.id);
      await tellPlaced(before.id, added, data.deal.company_name, before.insideInformation);
      return { data };
    },
  );

  /** Withdraws the placement (kept, marked withdrawn): investors no longer see it. */
  app.delete(
    '/api/deal-placements/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('deals', 'update') },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const current = await lockPlacement(tx, request.params.id);
        const after = await withdrawPlacement(tx, current.id, requireUser(request).id, clock.now());
        await recordActivity(tx, {
          request,
          action: 'withdrawn',
          subjectType: 'deal_placement',
          subjectId: current.id,
          before: current,
          after,
        });
      });
      return reply.status(204).send(null);
    },
  );

  // ——— The investor ———

  app.get(
    '/api/my/deal-placements',
    { schema: { response: { 200: dataOf(z.array(investorPlacementSchema)) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const settings = await loadSettings(db);
      const rows = await investorPlacementRows(db, user.id);
      return { data: rows.map((r) => presentInvestorPlacement(r, settings.marketSoundingDescription ?? '')) };
    },
  );

  app.get(
    '/api/my/deal-placements/:id',
    { schema: { params: idParams, response: { 200: dataOf(investorPlacementSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await findInvestorPlacement(db, user.id, request.params.id);
      const settings = await loadSettings(db);
      return { data: presentInvestorPlacement(row, settings.marketSoundingDescription ?? '') };
    },
  );

  /** Market sounding of an inside-information placement: the investor is wall-crossed onto the deal's insider list. */
  app.post(
    '/api/my/deal-placements/:id/market-sounding',
    { schema: { params: idParams, response: { 200: dataOf(investorPlacementSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await findInvestorPlacement(db, user.id, request.params.id);
      const settings = await loadSettings(db);
      const disclosedText = settings.marketSoundingDescription ?? '';
      if (row.placement.insideInformation)
        await db.transaction(async (tx) => {
          const now = clock.now();
          if (!(await acceptPlacementMarketSounding(tx, row.recipient.id, now))) return;
          await recordWallCrossing(tx, {
            deal: { id: row.placement.dealId, name: row.companyName },
            user,
            source: 'market_sounding',
            disclosedText,
            now,
          });
          await recordActivity(tx, {
            request,
            action: 'market_sounding_accepted',
            subjectType: 'deal_placement',
            subjectId: row.placement.id,
          });
        });
      const again = await findInvestorPlacement(db, user.id, row.placement.id);
      return { data: presentInvestorPlacement(again, disclosedText) };
    },
  );

  // ——— Intents ———

  /** The investor's answer to a placement: creates or changes their one intent for the deal. */
  app.post(
    '/api/intents',
    { schema: { body: saveIntentBody, response: { 200: dataOf(intentSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const { after, currency } = await db.transaction(async (tx) => {
        const placement = await findInvestorPlacement(tx, user.id, request.body.placement_id);
        const saved = await saveIntent(tx, placement, user.id, request.body, clock.now());
        await recordActivity(tx, {
          request,
          action: saved.before ? 'intent_changed' : 'intent_stated',
          subjectType: 'deal_placement',
          subjectId: placement.placement.id,
          before: saved.before,
          after: saved.after,
        });
        return { after: saved.after, currency: placement.currency };
      });
      const [terms] = after.intentTermsId ? await db.select().from(intentTerms).where(eq(intentTerms.id, after.intentTermsId)) : [];
      return { data: presentIntent(after, currency, terms?.version ?? null) };
    },
  );

  /** Intents: an investor's own, or staff's (of one deal with `?deal_id=`). */
  app.get(
    '/api/intents',
    {
      schema: { querystring: intentsQuery, response: { 200: dataOf(z.array(intentSchema)) } },
      onRequest: investorOrAny(['deals', 'index']),
    },
    async (request) => {
      const user = requireUser(request);
      const { deal_id } = request.query;
      const rows = await intentRows(
        db,
        and(
          user.roleId === Role.User ? eq(intents.userId, user.id) : undefined,
          deal_id === undefined ? undefined : eq(intents.dealId, deal_id),
        ),
      );
      return { data: rows.map((r) => presentIntent(r.intent, r.currency, r.termsVersion)) };
    },
  );

  app.get(
    '/api/intents/:id',
    { schema: { params: idParams, response: { 200: dataOf(intentSchema) } }, onRequest: investorOrAny(['deals', 'show']) },
    async (request) => {
      const user = requireUser(request);
      const [row] = await intentRows(
        db,
        and(eq(intents.id, request.params.id), user.roleId === Role.User ? eq(intents.userId, user.id) : undefined),
      );
      if (!row) throw notFound('intent');
      return { data: presentIntent(row.intent, row.currency, row.termsVersion) };
    },
  );

  // ——— Intent terms ———

  app.get(
    '/api/intent-terms',
    {
      schema: { response: { 200: dataOf(z.array(intentTermsSchema)) } },
      onRequest: authorize('settings_investor_type', 'show'),
    },
    async () => {
      const rows = await intentTermsRows(db);
      return {
        data: rows.map((r, index) => ({
          id: r.terms.id,
          version: r.terms.version,
          body: r.terms.body,
          current: index === 0,
          acceptances: r.acceptances,
          created_by: r.terms.createdBy && r.createdBy ? { id: r.terms.createdBy, name: r.createdBy } : null,
          created_at: r.terms.createdAt.toISOString(),
        })),
      };
    },
  );

  /** The version to accept now, for investors answering a placement and staff alike. */
  app.get(
    '/api/intent-terms/current',
    {
      schema: { response: { 200: dataOf(currentIntentTermsSchema) } },
      onRequest: investorOrAny(['settings_investor_type', 'show'], ['deals', 'show']),
    },
    async () => {
      const row = await currentIntentTerms(db);
      return { data: row ? { id: row.id, version: row.version, body: row.body, created_at: row.createdAt.toISOString() } : null };
    },
  );

  app.get(
    '/api/intent-terms/:id',
    {
      schema: { params: idParams, response: { 200: dataOf(currentIntentTermsSchema.unwrap()) } },
      onRequest: investorOrAny(['settings_investor_type', 'show'], ['deals', 'show']),
    },
    async (request) => {
      const [row] = await db.select().from(intentTerms).where(eq(intentTerms.id, request.params.id));
      if (!row) throw notFound('version of the intent terms');
      return { data: { id: row.id, version: row.version, body: row.body, created_at: row.createdAt.toISOString() } };
    },
  );

  app.post(
    '/api/intent-terms',
    {
      schema: { body: createIntentTermsBody, response: { 201: dataOf(currentIntentTermsSchema.unwrap()) } },
      onRequest: authorize('settings_investor_type', 'update'),
    },
    async (request, reply) => {
      const row = await db.transaction(async (tx) => {
        const created = await publishIntentTerms(tx, request.body.body, requireUser(request).id);
        await recordActivity(tx, { request, action: 'published', subjectType: 'intent_terms', subjectId: created.id, after: created });
        return created;
      });
      return reply
        .status(201)
        .send({ data: { id: row.id, version: row.version, body: row.body, created_at: row.createdAt.toISOString() } });
    },
  );
}
