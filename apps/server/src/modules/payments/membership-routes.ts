import { z } from 'zod';
import {
  cardCheckoutSchema,
  choosePlanBody,
  createFeeRequestBody,
  createMembershipPlanBody,
  dataOf,
  feeRequestSchema,
  idParams,
  membershipOverviewSchema,
  membershipPlanSchema,
  updateMembershipPlanBody,
  type MembershipOverview,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { validationError } from '../../platform/errors';
import { authorize, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { membershipPaymentsOf } from './card-ledger';
import { checkoutFee, feeRequestsOf, requestFee, withdrawFee } from './fees';
import { assertLiveInvestor } from '../../shared/live-investor';
import {
  cancelMembership,
  changeMembershipPlan,
  createPlan,
  latestMembership,
  listPlans,
  presentMembership,
  startMembership,
  updatePlan,
} from './memberships';
import type { PaymentProvider } from './provider';

/** An investor's membership, its payments and the plans offered to them (none for staff, who manage plans apart). */
async function membershipOverview(db: Db, userId: number, withPlans: boolean): Promise<MembershipOverview> {
  const [membership, payments, plans] = await Promise.all([
    latestMembership(db, userId),
    membershipPaymentsOf(db, userId),
    withPlans ? listPlans(db, true) : [],
  ]);
  return { subscription: membership && presentMembership(membership.row, membership.plan), payments, plans };
}

/**
 * Memberships and fees paid by card (decision 0058). The investor's side (`/api/subscription-payment`,
 * `/api/single-payment`) is scoped to the signed-in investor; staff's side needs `cash_calls`,
 * the permission of money coming in. Without the provider's keys, every card action answers 422.
 */
export function registerMembershipRoutes(app: App, ctx: AppContext, provider: PaymentProvider | null) {
  const { db, clock, config } = ctx;
  const card = (): PaymentProvider => {
    if (!provider) throw validationError({ payment_method: ['Card payments are not available.'] });
    return provider;
  };
  const overview = { 200: dataOf(membershipOverviewSchema) };
  const checkout = { 200: dataOf(cardCheckoutSchema) };

  app.get('/api/subscription-payment', { schema: { response: overview }, onRequest: investorOnly }, async (request) => ({
    data: await membershipOverview(db, requireInvestor(request).id, true),
  }));

  app.post(
    '/api/subscription-payment',
    { schema: { body: choosePlanBody, response: checkout }, onRequest: investorOnly, config: { idempotent: true } },
    async (request) => {
      const user = requireInvestor(request);
      const started = await startMembership(db, card(), {
        userId: user.id,
        email: user.email,
        planId: request.body.plan_id,
        appUrl: config.appUrl,
        now: clock.now(),
        request,
      });
      return { data: { url: started.url } };
    },
  );

  app.patch(
    '/api/subscription-payment',
    { schema: { body: choosePlanBody, response: overview }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      await changeMembershipPlan(db, card(), { userId: user.id, planId: request.body.plan_id, now: clock.now(), request });
      return { data: await membershipOverview(db, user.id, true) };
    },
  );

  app.post('/api/subscription-payment/cancel', { schema: { response: overview }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    await cancelMembership(db, card(), { userId: user.id, now: clock.now(), request });
    return { data: await membershipOverview(db, user.id, true) };
  });

  app.get(
    '/api/users/:id/subscription-payment',
    { schema: { params: idParams, response: overview }, onRequest: authorize('cash_calls', 'index') },
    async (request) => ({ data: await membershipOverview(db, await assertLiveInvestor(db, request.params.id), false) }),
  );

  const plan = { 200: dataOf(membershipPlanSchema) };
  app.get(
    '/api/membership-plans',
    { schema: { response: { 200: dataOf(z.array(membershipPlanSchema)) } }, onRequest: authorize('cash_calls', 'index') },
    async () => ({ data: await listPlans(db, false) }),
  );
  app.post(
    '/api/membership-plans',
    { schema: { body: createMembershipPlanBody, response: { 201: plan[200] } }, onRequest: authorize('cash_calls', 'create') },
    async (request, reply) => reply.status(201).send({ data: await createPlan(db, request.body, clock.now(), request) }),
  );
  app.patch(
    '/api/membership-plans/:id',
    { schema: { params: idParams, body: updateMembershipPlanBody, response: plan }, onRequest: authorize('cash_calls', 'update') },
    async (request) => ({ data: await updatePlan(db, request.params.id, request.body, clock.now(), request) }),
  );

  const fee = { 200: dataOf(feeRequestSchema) };
  const fees = { 200: dataOf(z.array(feeRequestSchema)) };
  app.get('/api/single-payment', { schema: { response: fees }, onRequest: investorOnly }, async (request) => ({
    data: await feeRequestsOf(db, requireInvestor(request).id),
  }));

  app.post(
    '/api/single-payment',
    { schema: { body: createFeeRequestBody, response: { 201: fee[200] } }, onRequest: authorize('cash_calls', 'create') },
    async (request, reply) => {
      card();
      return reply.status(201).send({ data: await requestFee(db, request.body, requireUser(request).id, clock.now(), request) });
    },
  );

  app.post(
    '/api/single-payment/:id/checkout',
    { schema: { params: idParams, response: checkout }, onRequest: investorOnly, config: { idempotent: true } },
    async (request) => {
      const user = requireInvestor(request);
      const started = await checkoutFee(db, card(), {
        userId: user.id,
        email: user.email,
        id: request.params.id,
        appUrl: config.appUrl,
        now: clock.now(),
      });
      return { data: { url: started.url } };
    },
  );

  app.post(
    '/api/single-payment/:id/withdraw',
    { schema: { params: idParams, response: fee }, onRequest: authorize('cash_calls', 'update') },
    async (request) => ({ data: await withdrawFee(db, request.params.id, clock.now(), request) }),
  );

  app.get(
    '/api/users/:id/single-payments',
    { schema: { params: idParams, response: fees }, onRequest: authorize('cash_calls', 'index') },
    async (request) => ({ data: await feeRequestsOf(db, await assertLiveInvestor(db, request.params.id)) }),
  );
}
