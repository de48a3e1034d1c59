import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createOwnershipChoiceBody,
  dataOf,
  idParams,
  investorChoiceParams,
  noContent,
  ownershipChoiceSchema,
  updateOwnershipChoiceBody,
  type Action,
  type OwnershipChoice,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { authorize, investorOnly, requireInvestor, type Guard } from '../../platform/guards';
import { loadSettings } from '../../shared/settings';
import { registerUserRelation } from '../../shared/user-presenter';
import { assertLiveInvestor } from '../../shared/live-investor';
import { choicesOf, presentChoices, type ChoiceRow } from './presenter';
import { createChoice, deleteChoice, findChoice, markDefault, updateChoice } from './service';

/** How one side reaches choices: its paths, guard, and whose choices a request is about. */
interface Side {
  base: string;
  item: string;
  /** The path's params schema, when the base path has any. */
  baseParams?: { params: z.ZodType };
  itemParams: z.ZodType;
  guard(action: Action): Guard;
  /** The investor whose choices these are: the caller, or the investor named in the path. */
  owner(request: FastifyRequest): Promise<number>;
  choiceId(request: FastifyRequest): number;
}

/**
 * Whole-ownership choices (spec §3, decision 0054). The investor keeps their own at
 * `/api/whole-ownership-choices`; staff read them with the investors 'show' permission and change
 * them with 'update' at `/api/users/{id}/whole-ownership-choices`. The user's
 * `include=ownershipChoices` answers the same items.
 */
export function registerOwnershipChoiceRoutes(app: App, { db, clock }: AppContext) {
  registerUserRelation('ownershipChoices', async (db, userIds) => {
    const byUser = new Map<number, OwnershipChoice[]>();
    for (const choice of await presentChoices(db, await choicesOf(db, userIds)))
      byUser.set(choice.user_id, [...(byUser.get(choice.user_id) ?? []), choice]);
    return byUser;
  });

  const one = async (row: ChoiceRow) => ({ data: (await presentChoices(db, [row]))[0] });

  /** An investor (role 5, not deleted) named in a staff path; anyone else is not found. */
  const investorOfPath = (request: FastifyRequest) => assertLiveInvestor(db, (request.params as { id: number }).id);

  function register(side: Side) {
    const write = async (
      request: FastifyRequest,
      action: string,
      change: (tx: typeof db) => Promise<ChoiceRow | null>,
      before?: ChoiceRow,
    ) => {
      const after = await db.transaction(async (tx) => {
        const row = await change(tx);
        await recordActivity(tx, { request, action, subjectType: 'ownership_choice', subjectId: (row ?? before)?.id, before, after: row });
        return row;
      });
      return after;
    };

    app.get(
      side.base,
      { schema: { ...side.baseParams, response: { 200: dataOf(z.array(ownershipChoiceSchema)) } }, onRequest: side.guard('show') },
      async (request) => ({ data: await presentChoices(db, await choicesOf(db, [await side.owner(request)])) }),
    );

    app.post(
      side.base,
      {
        schema: { ...side.baseParams, body: createOwnershipChoiceBody, response: { 201: dataOf(ownershipChoiceSchema) } },
        onRequest: side.guard('update'),
      },
      async (request, reply) => {
        const owner = await side.owner(request);
        const settings = await loadSettings(db);
        const row = await write(request, 'created', (tx) => createChoice(tx, settings, owner, request.body, clock.now()));
        return reply.status(201).send(await one(row as ChoiceRow));
      },
    );

    app.get(
      side.item,
      { schema: { params: side.itemParams, response: { 200: dataOf(ownershipChoiceSchema) } }, onRequest: side.guard('show') },
      async (request) => one(await findChoice(db, await side.owner(request), side.choiceId(request))),
    );

    app.patch(
      side.item,
      {
        schema: { params: side.itemParams, body: updateOwnershipChoiceBody, response: { 200: dataOf(ownershipChoiceSchema) } },
        onRequest: side.guard('update'),
      },
      async (request) => {
        const choice = await findChoice(db, await side.owner(request), side.choiceId(request));
        const settings = await loadSettings(db);
        return one(
          (await write(request, 'updated', (tx) => updateChoice(tx, settings, choice, request.body, clock.now()), choice)) as ChoiceRow,
        );
      },
    );

    app.post(
      `${side.item}/default`,
      { schema: { params: side.itemParams, response: { 200: dataOf(ownershipChoiceSchema) } }, onRequest: side.guard('update') },
      async (request) => {
        const choice = await findChoice(db, await side.owner(request), side.choiceId(request));
        const settings = await loadSettings(db);
        return one((await write(request, 'made_default', (tx) => markDefault(tx, settings, choice, clock.now()), choice)) as ChoiceRow);
      },
    );

    app.delete(
      side.item,
      { schema: { params: side.itemParams, response: { 204: noContent } }, onRequest: side.guard('update') },
      async (request, reply) => {
        const choice = await findChoice(db, await side.owner(request), side.choiceId(request));
        await write(
          request,
          'deleted',
          async (tx) => {
            await deleteChoice(tx, choice);
            return null;
          },
          choice,
        );
        return reply.status(204).send(null);
      },
    );
  }

  register({
    base: '/api/whole-ownership-choices',
    item: '/api/whole-ownership-choices/:id',
    itemParams: idParams,
    guard: () => investorOnly,
    owner: async (request) => requireInvestor(request).id,
    choiceId: (request) => (request.params as { id: number }).id,
  });
  register({
    base: '/api/users/:id/whole-ownership-choices',
    item: '/api/users/:id/whole-ownership-choices/:choiceId',
    baseParams: { params: idParams },
    itemParams: investorChoiceParams,
    // Changing a saved choice changes the investor's record: the investors 'update' permission.
    guard: (action) => authorize('investors', action),
    owner: investorOfPath,
    choiceId: (request) => (request.params as { choiceId: number }).choiceId,
  });
}
