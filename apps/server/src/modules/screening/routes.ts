import { asc } from 'drizzle-orm';
import {
  dataOf,
  decideScreeningMatchBody,
  idParams,
  listQuery,
  pageOf,
  SCREENING_MATCHES_LIST,
  screeningListSchema,
  screeningMatchSchema,
  screeningRunSchema,
  screeningUploadResultSchema,
  uploadScreeningListBody,
  type ScreeningMatch,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { screeningMatches } from '../../db/schema';
import { cleanFileName, onlyFile, readForm } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { paginate, parseListQuery } from '../../platform/list-query';
import { repeatWhileUp } from '../../platform/housekeeping';
import { findScreeningRun, latestScreeningRuns, presentScreeningRuns, processScreeningRuns, SCREENING_TICK_MS } from './runs';
import {
  assertScreeningOn,
  decideMatch,
  findMatch,
  listScreeningLists,
  MATCHES_RESOURCE,
  matchesCount,
  matchesQuery,
  presentMatches,
  storeScreeningList,
} from './service';

/**
 * Sanctions and PEP screening (docs/decisions/0032), behind `enableScreening`: the lists the firm
 * uploads, and the review queue where compliance clears or confirms each match. The `screening`
 * grant (Super Admin, Support) — the people who see the queue must not tip anyone off.
 */
export function registerScreeningRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const on = async () => assertScreeningOn(db);

  app.get(
    '/api/screening/lists',
    { schema: { response: { 200: dataOf(screeningListSchema.array()) } }, onRequest: authorize('screening', 'index') },
    async () => {
      await on();
      return { data: await listScreeningLists(db) };
    },
  );

  /**
   * A new list replaces the one of its kind in force; a run to screen every investor again against
   * the lists in force is queued with it and worked through in the background (runs.ts).
   */
  app.post(
    '/api/screening/lists',
    {
      // The multipart `file` is read with readForm; its text fields are the declared body.
      schema: { body: uploadScreeningListBody, response: { 201: dataOf(screeningUploadResultSchema) } },
      onRequest: authorize('screening', 'create'),
    },
    async (request, reply) => {
      await on();
      const file = onlyFile((await readForm(request)).files, 'Choose the list to upload (CSV).');
      const { id, run } = await storeScreeningList(
        db,
        request,
        { kind: request.body.kind, file, fileName: cleanFileName(file.filename) || 'list.csv' },
        clock.now(),
      );
      const list = (await listScreeningLists(db)).find((l) => l.id === id)!;
      const [presented] = await presentScreeningRuns(db, [run]);
      return reply.status(201).send({ data: { list, run: presented } });
    },
  );

  /** The latest runs, newest first: the page polls them while one is open to show its progress. */
  app.get(
    '/api/screening/runs',
    { schema: { response: { 200: dataOf(screeningRunSchema.array()) } }, onRequest: authorize('screening', 'index') },
    async () => {
      await on();
      return { data: await presentScreeningRuns(db, await latestScreeningRuns(db)) };
    },
  );

  app.get(
    '/api/screening/runs/:id',
    { schema: { params: idParams, response: { 200: dataOf(screeningRunSchema) } }, onRequest: authorize('screening', 'show') },
    async (request) => {
      await on();
      const [data] = await presentScreeningRuns(db, [await findScreeningRun(db, request.params.id)]);
      return { data };
    },
  );

  app.get(
    '/api/screening/matches',
    {
      schema: { querystring: listQuery(SCREENING_MATCHES_LIST), response: { 200: pageOf(screeningMatchSchema) } },
      onRequest: authorize('screening', 'index'),
    },
    async (request) => {
      await on();
      const query = parseListQuery(request.query, MATCHES_RESOURCE);
      query.orderBy.push(asc(screeningMatches.id));
      return paginate<Parameters<typeof presentMatches>[1][number], ScreeningMatch>(
        matchesQuery(db, query.where),
        matchesCount(db, query.where),
        query,
        request,
        (rows) => presentMatches(db, rows),
      );
    },
  );

  app.get(
    '/api/screening/matches/:id',
    { schema: { params: idParams, response: { 200: dataOf(screeningMatchSchema) } }, onRequest: authorize('screening', 'show') },
    async (request) => {
      await on();
      return { data: await findMatch(db, request.params.id) };
    },
  );

  /** Clear or confirm, with the reason: a new decision in the match's history. */
  app.post(
    '/api/screening/matches/:id/decisions',
    {
      schema: { params: idParams, body: decideScreeningMatchBody, response: { 201: dataOf(screeningMatchSchema) } },
      onRequest: authorize('screening', 'update'),
    },
    async (request, reply) => {
      await on();
      await decideMatch(db, request, request.params.id, request.body, clock.now());
      return reply.status(201).send({ data: await findMatch(db, request.params.id) });
    },
  );

  repeatWhileUp(app, { everyMs: SCREENING_TICK_MS, label: 'screening investors against new lists', atStart: true }, () =>
    processScreeningRuns(ctx),
  );
}
