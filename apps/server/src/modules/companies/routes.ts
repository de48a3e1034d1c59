import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  COMPANIES_LIST,
  type Company,
  companySchema,
  createCompanyBody,
  createMaturityStatusBody,
  dataOf,
  fileBody,
  idParams,
  listQuery,
  maturityStatusEntrySchema,
  noContent,
  pageOf,
  recordedMaturityStatusResponse,
  updateCompanyBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { fundInvestments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { authorize } from '../../platform/guards';
import { paginate, parseListQuery } from '../../platform/list-query';
import { parseIncludes } from '../../shared/user-presenter';
import { COMPANIES_EXPORT_RESOURCE, COMPANIES_RESOURCE, companiesExport, liveCompanies } from './list';
import { COMPANY_INCLUDES, presentCompaniesWith, presentMaturityStatuses, type CompanyRow } from './presenter';
import { createCompany, findLiveCompany, listMaturityStatuses, lockCompany, recordMaturityStatus, updateCompany } from './service';

/** `include=fund` on the answer of one company. */
const includeQuery = z.object({ include: z.string().optional() });
const oneCompany = { 200: dataOf(companySchema) };

/**
 * Fund investments — the spec's "companies" (§2.2; /admin/investments/companies): list, details,
 * key information, maturity-status history, edit, exports. Permission event 'fund_opportunities'
 * (spec §6: the Custodian may index, show and update). Not behind `funds_enabled` (see
 * ../funds/access.ts). Delete is soft; the status history is append-only.
 */
export function registerCompanyRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/companies',
    {
      schema: { querystring: listQuery(COMPANIES_LIST), response: { 200: pageOf(companySchema) } },
      onRequest: authorize('fund_opportunities', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, COMPANIES_RESOURCE);
      query.orderBy.push(asc(fundInvestments.id));
      const where = liveCompanies(query.where);
      return paginate<CompanyRow, Company>(
        db.select().from(fundInvestments).where(where).$dynamic(),
        db.select({ total: count() }).from(fundInvestments).where(where).$dynamic(),
        query,
        request,
        (rows) => presentCompaniesWith(db, rows, query.includes),
      );
    },
  );

  app.get(
    '/api/companies/export',
    {
      schema: { querystring: listQuery({ ...COMPANIES_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('fund_opportunities', 'index'),
    },
    async (request, reply) => {
      const raw = request.query;
      const query = parseListQuery(raw, COMPANIES_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), companiesExport(db, query));
    },
  );

  async function loadCompany(id: number) {
    const company = await findLiveCompany(db, id);
    if (!company) throw notFound('company');
    return company;
  }

  async function present(row: CompanyRow, include: string | undefined) {
    const includes = parseIncludes(include, COMPANY_INCLUDES);
    return { data: (await presentCompaniesWith(db, [row], includes))[0] };
  }

  app.get(
    '/api/companies/:id',
    { schema: { params: idParams, querystring: includeQuery, response: oneCompany }, onRequest: authorize('fund_opportunities', 'show') },
    async (request) => present(await loadCompany(request.params.id), request.query.include),
  );

  app.post(
    '/api/companies',
    {
      schema: { querystring: includeQuery, body: createCompanyBody, response: { 201: dataOf(companySchema) } },
      onRequest: authorize('fund_opportunities', 'create'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const input = request.body;
      const created = await db.transaction(async (tx) => {
        const { company, status } = await createCompany(tx, input, request.user?.id ?? null, utcDate(clock.now()));
        await recordActivity(tx, { request, action: 'created', subjectType: 'fund_investment', subjectId: company.id, after: company });
        await recordActivity(tx, {
          request,
          action: 'created',
          subjectType: 'fund_investment_status',
          subjectId: status.id,
          after: status,
        });
        return company;
      });
      return reply.status(201).send(await present(created, request.query.include));
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/companies/:id',
    schema: { params: idParams, querystring: includeQuery, body: updateCompanyBody, response: oneCompany },
    onRequest: authorize('fund_opportunities', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const input = request.body;
      await loadCompany(id);
      const updated = await db.transaction(async (tx) => {
        const before = await lockCompany(tx, id);
        const row = await updateCompany(tx, before, input, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'fund_investment', subjectId: id, before, after: row });
        return row;
      });
      return present(updated, request.query.include);
    },
  });

  app.delete(
    '/api/companies/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('fund_opportunities', 'delete') },
    async (request, reply) => {
      const { id } = request.params;
      await loadCompany(id);
      await db.transaction(async (tx) => {
        const before = await lockCompany(tx, id);
        const [after] = await tx
          .update(fundInvestments)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(fundInvestments.id, id))
          .returning();
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'fund_investment', subjectId: id, before, after });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/companies/:id/maturity-statuses',
    {
      schema: { params: idParams, response: { 200: dataOf(z.array(maturityStatusEntrySchema)) } },
      onRequest: authorize('fund_opportunities', 'show'),
    },
    async (request) => {
      const company = await loadCompany(request.params.id);
      return { data: await presentMaturityStatuses(db, await listMaturityStatuses(db, company.id)) };
    },
  );

  /** Recording a status maintains an existing investment: 'update', so the Custodian may. */
  app.post(
    '/api/companies/:id/maturity-statuses',
    {
      schema: {
        params: idParams,
        querystring: includeQuery,
        body: createMaturityStatusBody,
        response: { 201: recordedMaturityStatusResponse },
      },
      onRequest: authorize('fund_opportunities', 'update'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      if (input.date > utcDate(clock.now())) throw validationError({ date: ['The date cannot be in the future.'] });
      await loadCompany(id);
      const result = await db.transaction(async (tx) => {
        const company = await lockCompany(tx, id);
        const recorded = await recordMaturityStatus(tx, company, input, request.user?.id ?? null, clock.now());
        await recordActivity(tx, {
          request,
          action: 'created',
          subjectType: 'fund_investment_status',
          subjectId: recorded.status.id,
          after: recorded.status,
        });
        if (recorded.after !== recorded.before) {
          await recordActivity(tx, {
            request,
            action: 'status_changed',
            subjectType: 'fund_investment',
            subjectId: id,
            before: { maturity_status: recorded.before.maturityStatus },
            after: { maturity_status: recorded.after.maturityStatus },
          });
        }
        return recorded;
      });
      const [status] = await presentMaturityStatuses(db, [result.status]);
      return reply.status(201).send({ data: status, company: (await present(result.after, request.query.include)).data });
    },
  );
}
