import type { FastifyReply } from 'fastify';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  addRestrictedCompanyBody,
  approvePaDealBody,
  can,
  cleanseInsiderProjectBody,
  CLEANSING_REASON_LABELS,
  correctInsiderEntryBody,
  createInsiderEntryBody,
  createPaDealBody,
  dataOf,
  executePaDealBody,
  fileBody,
  idParams,
  INSIDER_ENTRIES_LIST,
  INSIDER_REGISTER_VIEWS_LIST,
  insiderEntrySchema,
  insiderProjectSchema,
  insiderRegisterViewSchema,
  listQuery,
  noContent,
  openInsiderProjectBody,
  PA_DEALS_LIST,
  paDealSchema,
  pageOf,
  refusePaDealBody,
  removeRestrictedCompanyBody,
  restrictedCompanySchema,
  type InsiderEntry,
  type InsiderRegisterView,
  type PaDeal,
  type PaDealStatus,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { insiderEntries, insiderProjectCleansings, insiderRegisterViews, paDealRequests, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { authorize, requireUser, staffOnly } from '../../platform/guards';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { notifyUser } from '../../shared/notifications';
import {
  entriesOfProject,
  INSIDER_ENTRIES_EXPORT_RESOURCE,
  INSIDER_ENTRIES_RESOURCE,
  INSIDER_REGISTER_VIEWS_RESOURCE,
  insiderListExport,
  PA_DEALS_RESOURCE,
  templateTime,
} from './list';
import { presentEntry, presentPaDeal, presentProject, presentRestrictedList } from './presenter';
import {
  addRestrictedCompany,
  decidePaDeal,
  executePaDeal,
  findPaDeal,
  latestStatus,
  paDealStepsOf,
  removeRestrictedCompany,
  requestPaDeal,
  restrictedCompanies,
} from './pa-deals';
import {
  cleanseProject,
  correctEntry,
  countEntries,
  createManualEntry,
  entryRows,
  findProject,
  listProjects,
  logRegisterView,
  openProject,
  type EntryListRow,
} from './service';
import { escapeHtml } from '../../platform/html';

function sendPdf(reply: FastifyReply, filename: string, bytes: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes));
}

const mayOversee = (user: UserRow) => can(user.roleId, 'insider_register', 'index');

/**
 * The insider register (spec §2.2 /admin/insider-register; MAR Art. 18) and personal-account
 * dealing (/admin/insider-register/pa-deals). Access per decision 0004: the `insider_register`
 * event; any staff member may ask to deal and follow their own requests. Every view of the
 * register is logged (docs/decisions/0025).
 */
export function registerInsiderRegisterRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  async function presentProjectById(id: number) {
    const row = (await listProjects(db)).find((r) => r.project.id === id);
    if (!row) throw notFound('project');
    return presentProject(row);
  }

  app.get(
    '/api/insider-register/projects',
    { schema: { response: { 200: dataOf(z.array(insiderProjectSchema)) } }, onRequest: authorize('insider_register', 'index') },
    async () => ({ data: (await listProjects(db)).map(presentProject) }),
  );

  app.post(
    '/api/insider-register/projects',
    {
      schema: { body: openInsiderProjectBody, response: { 201: dataOf(insiderProjectSchema) } },
      onRequest: authorize('insider_register', 'create'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { opportunity_id, deal_id, description } = request.body;
      const project = await db.transaction(async (tx) => {
        const row = await openProject(tx, {
          opportunityId: opportunity_id,
          dealId: deal_id,
          description,
          openedBy: user.id,
          now: clock.now(),
        });
        await recordActivity(tx, { request, action: 'created', subjectType: 'insider_project', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send({ data: await presentProjectById(project.id) });
    },
  );

  /** Cleansing: every current insider ceases now and is told (notification and e-mail). */
  app.post(
    '/api/insider-register/projects/:id/cleanse',
    {
      schema: { params: idParams, body: cleanseInsiderProjectBody, response: { 200: dataOf(insiderProjectSchema) } },
      onRequest: authorize('insider_register', 'update'),
    },
    async (request) => {
      const user = requireUser(request);
      const now = clock.now();
      const { reason, note } = request.body;
      const { project, ceased } = await db.transaction(async (tx) => {
        const result = await cleanseProject(tx, request.params.id, { reason, note }, user.id, now);
        await recordActivity(tx, {
          request,
          action: 'cleansed',
          subjectType: 'insider_project',
          subjectId: result.project.id,
          after: { reason, note, ceased: result.ceased.length },
        });
        const why = CLEANSING_REASON_LABELS[reason].toLowerCase();
        for (const person of result.ceased) {
          if (!person.email) continue;
          await ctx.mailer.enqueue(
            {
              to: person.email,
              subject: `You are no longer an insider of ${result.project.name}`,
              text: `Dear ${person.name},\n\nThe project ${result.project.name} has been cleansed (${why}). You ceased to be an insider of it on ${templateTime(now)}.\n\nThe insider list keeps your entry with this date, as the Market Abuse Regulation requires.`,
            },
            tx,
          );
        }
        return result;
      });
      const name = escapeHtml(project.name);
      for (const person of ceased) {
        if (person.userId === null) continue;
        const cta =
          person.roleId !== null && can(person.roleId, 'insider_register', 'index')
            ? `/admin/insider-register?project=${project.id}`
            : null;
        await notifyUser(ctx, person.userId, {
          message: `<strong>${name}</strong> has been cleansed: you are no longer an insider of it.`,
          icon: 'insider_register',
          cta,
        });
      }
      return { data: await presentProjectById(project.id) };
    },
  );

  app.get(
    '/api/insider-register/projects/:id/pdf',
    { schema: { params: idParams, response: { 200: fileBody } }, onRequest: authorize('insider_register', 'index') },
    async (request, reply) => {
      const user = requireUser(request);
      const project = await findProject(db, request.params.id);
      const [cleansing] = await db.select().from(insiderProjectCleansings).where(eq(insiderProjectCleansings.projectId, project.id));
      const rows = await entryRows(db, entriesOfProject(project.id)).orderBy(asc(insiderEntries.obtainedAt), asc(insiderEntries.id));
      const now = clock.now();
      await logRegisterView(db, { userId: user.id, view: 'pdf', filters: {}, projectId: project.id, ip: request.ip, now });
      // The PDF writer (pdf-lib) loads with the first list printed, not with the server.
      const { projectInsiderListPdf } = await import('./pdf');
      const bytes = await projectInsiderListPdf(project, cleansing?.cleansedAt ?? null, rows, now);
      return sendPdf(reply, `insider-list-project-${project.id}.pdf`, bytes);
    },
  );

  app.get(
    '/api/insider-register/entries',
    {
      schema: { querystring: listQuery(INSIDER_ENTRIES_LIST), response: { 200: pageOf(insiderEntrySchema) } },
      onRequest: authorize('insider_register', 'index'),
    },
    async (request) => {
      const user = requireUser(request);
      const query = parseListQuery(request.query, INSIDER_ENTRIES_RESOURCE);
      query.orderBy.push(desc(insiderEntries.id));
      await logRegisterView(db, { userId: user.id, view: 'list', filters: request.query, ip: request.ip, now: clock.now() });
      return paginate<EntryListRow, InsiderEntry>(entryRows(db, query.where), countEntries(db, query.where), query, request, (rows) =>
        rows.map(presentEntry),
      );
    },
  );

  /** The insider list in the template's layout (CSV or Excel), of exactly the filtered list. */
  app.get(
    '/api/insider-register/entries/export',
    {
      schema: { querystring: listQuery({ ...INSIDER_ENTRIES_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('insider_register', 'index'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = request.query;
      const query = parseListQuery(raw, INSIDER_ENTRIES_EXPORT_RESOURCE);
      const format = exportFormat(raw);
      await logRegisterView(db, { userId: user.id, view: `export_${format}`, filters: raw, ip: request.ip, now: clock.now() });
      return sendExport(request, reply, format, insiderListExport(db, query));
    },
  );

  async function presentEntryById(id: number) {
    const [row] = await entryRows(db, eq(insiderEntries.id, id));
    return presentEntry(row);
  }

  app.post(
    '/api/insider-register/entries',
    {
      schema: { body: createInsiderEntryBody, response: { 201: dataOf(insiderEntrySchema) } },
      onRequest: authorize('insider_register', 'create'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const entry = await db.transaction(async (tx) => {
        const row = await createManualEntry(tx, request.body, user.id, clock.now());
        await recordActivity(tx, { request, action: 'created', subjectType: 'insider_entry', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send({ data: await presentEntryById(entry.id) });
    },
  );

  app.post(
    '/api/insider-register/entries/:id/corrections',
    {
      schema: { params: idParams, body: correctInsiderEntryBody, response: { 201: dataOf(insiderEntrySchema) } },
      onRequest: authorize('insider_register', 'create'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const entry = await db.transaction(async (tx) => {
        const row = await correctEntry(tx, request.params.id, request.body, user.id, clock.now());
        await recordActivity(tx, { request, action: 'corrected', subjectType: 'insider_entry', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send({ data: await presentEntryById(entry.id) });
    },
  );

  /** Who looked at the register: the access log (itself append-only). */
  app.get(
    '/api/insider-register/views',
    {
      schema: { querystring: listQuery(INSIDER_REGISTER_VIEWS_LIST), response: { 200: pageOf(insiderRegisterViewSchema) } },
      onRequest: authorize('insider_register', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, INSIDER_REGISTER_VIEWS_RESOURCE);
      query.orderBy.push(desc(insiderRegisterViews.id));
      type ViewRow = { view: typeof insiderRegisterViews.$inferSelect; userName: string };
      return paginate<ViewRow, InsiderRegisterView>(
        db
          .select({ view: insiderRegisterViews, userName: users.name })
          .from(insiderRegisterViews)
          .innerJoin(users, eq(users.id, insiderRegisterViews.userId))
          .where(query.where)
          .$dynamic(),
        db.select({ total: count() }).from(insiderRegisterViews).where(query.where).$dynamic(),
        query,
        request,
        (rows) =>
          rows.map(({ view, userName }) => ({
            id: view.id,
            user: { id: view.userId, name: userName },
            view: view.view as InsiderRegisterView['view'],
            filters: view.filters,
            project_id: view.projectId,
            viewed_at: view.viewedAt.toISOString(),
          })),
      );
    },
  );

  app.get(
    '/api/insider-register/restricted-list',
    { schema: { response: { 200: dataOf(z.array(restrictedCompanySchema)) } }, onRequest: authorize('insider_register', 'index') },
    async () => ({ data: presentRestrictedList(await restrictedCompanies(db)) }),
  );

  app.post(
    '/api/insider-register/restricted-list',
    {
      schema: { body: addRestrictedCompanyBody, response: { 201: dataOf(restrictedCompanySchema) } },
      onRequest: authorize('insider_register', 'create'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await db.transaction(async (tx) => {
        const added = await addRestrictedCompany(tx, request.body, user.id, clock.now());
        await recordActivity(tx, { request, action: 'created', subjectType: 'restricted_company', subjectId: added.id, after: added });
        return added;
      });
      return reply.status(201).send({ data: presentRestrictedList({ manual: [{ entry: row, addedByName: user.name }], projects: [] })[0] });
    },
  );

  app.post(
    '/api/insider-register/restricted-list/:id/remove',
    {
      schema: { params: idParams, body: removeRestrictedCompanyBody, response: { 204: noContent } },
      onRequest: authorize('insider_register', 'update'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      await db.transaction(async (tx) => {
        const removal = await removeRestrictedCompany(tx, request.params.id, request.body.reason, user.id, clock.now());
        await recordActivity(tx, {
          request,
          action: 'removed',
          subjectType: 'restricted_company',
          subjectId: request.params.id,
          after: removal,
        });
      });
      return reply.status(204).send(null);
    },
  );

  // ——— Personal-account dealing ———

  const paDealSelect = () =>
    db
      .select({ request: paDealRequests, requesterName: users.name, status: latestStatus })
      .from(paDealRequests)
      .innerJoin(users, eq(users.id, paDealRequests.requesterId));

  async function presentPaDeals(rows: Array<{ request: typeof paDealRequests.$inferSelect; requesterName: string; status: PaDealStatus }>) {
    const steps = await paDealStepsOf(
      db,
      rows.map((r) => r.request.id),
    );
    return rows.map((r) => presentPaDeal(r, steps));
  }

  async function presentPaDealById(id: number): Promise<{ data: PaDeal }> {
    const rows = await paDealSelect().where(eq(paDealRequests.id, id));
    return { data: (await presentPaDeals(rows))[0] };
  }

  /** Compliance sees every request; anyone else only their own. */
  app.get(
    '/api/pa-deals',
    { schema: { querystring: listQuery(PA_DEALS_LIST), response: { 200: pageOf(paDealSchema) } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const query = parseListQuery(request.query, PA_DEALS_RESOURCE);
      query.orderBy.push(desc(paDealRequests.id));
      const where = and(mayOversee(user) ? undefined : eq(paDealRequests.requesterId, user.id), query.where);
      return paginate(
        paDealSelect().where(where).$dynamic(),
        db.select({ total: count() }).from(paDealRequests).where(where).$dynamic(),
        query,
        request,
        presentPaDeals,
      );
    },
  );

  async function loadPaDeal(user: UserRow, id: number) {
    const row = await findPaDeal(db, id);
    if (row.requesterId !== user.id && !mayOversee(user)) throw notFound('PA deal');
    return row;
  }

  app.get(
    '/api/pa-deals/:id',
    { schema: { params: idParams, response: { 200: dataOf(paDealSchema) } }, onRequest: staffOnly },
    async (request) => {
      const row = await loadPaDeal(requireUser(request), request.params.id);
      return presentPaDealById(row.id);
    },
  );

  /** Asks for pre-clearance. A request the rules refuse is kept with the refusal, and answered 422 with why. */
  app.post(
    '/api/pa-deals',
    { schema: { body: createPaDealBody, response: { 201: dataOf(paDealSchema) } }, onRequest: staffOnly },
    async (request, reply) => {
      const user = requireUser(request);
      const { request: created, refusal } = await db.transaction(async (tx) => {
        const result = await requestPaDeal(tx, request.body, user.id, clock.now());
        await recordActivity(tx, {
          request,
          action: result.refusal ? 'refused' : 'requested',
          subjectType: 'pa_deal',
          subjectId: result.request.id,
          after: { ...result.request, refusal: result.refusal },
        });
        return result;
      });
      if (refusal) throw validationError({ company_name: [refusal] }, refusal);
      return reply.status(201).send(await presentPaDealById(created.id));
    },
  );

  async function tellRequester(requesterId: number, message: string) {
    await notifyUser(ctx, requesterId, { message, icon: 'insider_register', cta: '/admin/insider-register/pa-deals' });
  }

  app.post(
    '/api/pa-deals/:id/approve',
    {
      schema: { params: idParams, body: approvePaDealBody, response: { 200: dataOf(paDealSchema) } },
      onRequest: authorize('insider_register', 'update'),
    },
    async (request) => {
      const user = requireUser(request);
      const row = await db.transaction(async (tx) => {
        const decided = await decidePaDeal(
          tx,
          request.params.id,
          { status: 'approved', reason: request.body.reason ?? null },
          user.id,
          clock.now(),
        );
        await recordActivity(tx, { request, action: 'approved', subjectType: 'pa_deal', subjectId: decided.id, after: request.body });
        return decided;
      });
      await tellRequester(row.requesterId, `Your request to deal in <strong>${escapeHtml(row.companyName)}</strong> is approved.`);
      return presentPaDealById(row.id);
    },
  );

  app.post(
    '/api/pa-deals/:id/refuse',
    {
      schema: { params: idParams, body: refusePaDealBody, response: { 200: dataOf(paDealSchema) } },
      onRequest: authorize('insider_register', 'update'),
    },
    async (request) => {
      const user = requireUser(request);
      const row = await db.transaction(async (tx) => {
        const decided = await decidePaDeal(tx, request.params.id, { status: 'refused', reason: request.body.reason }, user.id, clock.now());
        await recordActivity(tx, { request, action: 'refused', subjectType: 'pa_deal', subjectId: decided.id, after: request.body });
        return decided;
      });
      await tellRequester(row.requesterId, `Your request to deal in <strong>${escapeHtml(row.companyName)}</strong> is refused.`);
      return presentPaDealById(row.id);
    },
  );

  /** The requester confirms an approved deal afterwards with what was dealt. */
  app.post(
    '/api/pa-deals/:id/execute',
    { schema: { params: idParams, body: executePaDealBody, response: { 200: dataOf(paDealSchema) } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const row = await db.transaction(async (tx) => {
        const done = await executePaDeal(tx, request.params.id, request.body, user, mayOversee(user), clock.now());
        await recordActivity(tx, { request, action: 'executed', subjectType: 'pa_deal', subjectId: done.id, after: request.body });
        return done;
      });
      return presentPaDealById(row.id);
    },
  );
}
