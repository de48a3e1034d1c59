import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  can,
  COMPLIANCE_STATEMENT_STATUS_LABELS,
  COMPLIANCE_STATEMENT_STATUSES,
  createShareIssueBody,
  dataOf,
  fileBody,
  hasHoldingPeriod,
  holdingTaxReliefSchema,
  idParams,
  investmentTaxReliefBody,
  OPPORTUNITY_PERMISSION_EVENT,
  RELIEF_FORMS,
  RELIEF_LABELS,
  RELIEF_SCHEMES,
  reliefClock,
  shareIssueSchema,
  shareIssuesQuery,
  staffInvestmentSchema,
  taxCertificateSchema,
  taxOptionsResponse,
  updateShareIssueBody,
  uploadTaxCertificateBody,
  type Action,
  type ReliefScheme,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { documents, investments, shareIssues, taxCertificates } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { onlyFile, parseFields, readForm } from '../../platform/form';
import { authenticated, authorize, behindFeature, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { findOpportunity } from '../../shared/opportunity-visibility';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { presentInvestmentsWith } from '../investments';
import { detectDocumentType, sendDocument, storeDocument } from '../records';
import {
  assertShareIssueOf,
  assertStatementComplete,
  assertTaxEnabled,
  findShareIssue,
  listShareIssues,
  loadCertificates,
  ownsSharesOf,
  presentCertificate,
  presentShareIssue,
  shareIssueChanges,
} from './service';

/** Where a beneficial owner's certificates are filed on their investor record. */
const CERTIFICATES_FOLDER = 'Tax certificates';

/**
 * Tax relief (flag `tax_enabled`, decision 0060): the relief schemes, a company's share issues and
 * their compliance statements, the EIS3/SEIS3 certificate of each beneficial owner, the relief an
 * investment claims, and an investor's relief, holding clock and certificates on their holding.
 */
export function registerTaxRoutes(app: App, ctx: AppContext) {
  const { db, clock, storage } = ctx;
  const enabled = () => assertTaxEnabled(db);
  const staff = (action: Action) => behindFeature(enabled, authorize('existing_opportunities', action));
  const investor = behindFeature(enabled, investorOnly);
  const oneIssue = { 200: dataOf(shareIssueSchema) };

  app.get(
    '/api/tax-options',
    { schema: { response: { 200: taxOptionsResponse } }, onRequest: behindFeature(enabled, authenticated) },
    async () => ({
      data: RELIEF_SCHEMES.map((scheme) => ({
        scheme,
        label: RELIEF_LABELS[scheme],
        statement: RELIEF_FORMS[scheme]?.statement ?? null,
        certificate: RELIEF_FORMS[scheme]?.certificate ?? null,
      })),
      statement_statuses: COMPLIANCE_STATEMENT_STATUSES.map((status) => ({ status, label: COMPLIANCE_STATEMENT_STATUS_LABELS[status] })),
    }),
  );

  // ——— Staff: share issues and certificates on an existing investment's Tax relief tab ———

  async function issueForStaff(request: FastifyRequest, id: number, action: Action) {
    const issue = await findShareIssue(db, id);
    if (!issue) throw notFound('share issue');
    await opportunityForTab(db, request, issue.opportunityId, action, 'tax-relief');
    return issue;
  }

  app.get(
    '/api/share-issues',
    { schema: { querystring: shareIssuesQuery, response: { 200: dataOf(shareIssueSchema.array()) } }, onRequest: staff('show') },
    async (request) => {
      const opportunity = await opportunityForTab(db, request, request.query['filter[opportunity_id]'], 'show', 'tax-relief');
      return { data: await listShareIssues(db, opportunity.id) };
    },
  );

  app.post(
    '/api/share-issues',
    {
      schema: { body: createShareIssueBody, response: { 201: dataOf(shareIssueSchema) } },
      onRequest: staff('update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const input = request.body;
      const opportunity = await opportunityForTab(db, request, input.opportunity_id, 'update', 'tax-relief');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(shareIssues)
          .values({
            opportunityId: opportunity.id,
            issuedOn: input.issued_on,
            shareClass: input.share_class,
            pricePerShare: input.price_per_share,
            scheme: input.scheme,
            createdBy: requireUser(request).id,
          })
          .returning();
        await recordActivity(tx, {
          request,
          action: 'share_issue_created',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: created,
        });
        return created;
      });
      return reply.status(201).send({ data: await presentShareIssue(db, row) });
    },
  );

  app.patch(
    '/api/share-issues/:id',
    { schema: { params: idParams, body: updateShareIssueBody, response: oneIssue }, onRequest: staff('update') },
    async (request) => {
      const current = await issueForStaff(request, request.params.id, 'update');
      const after = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(shareIssues).where(eq(shareIssues.id, current.id)).for('update');
        const changes = shareIssueChanges(request.body);
        assertStatementComplete({ ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
        const [updated] = await tx
          .update(shareIssues)
          .set({ ...changes, updatedAt: clock.now() })
          .where(eq(shareIssues.id, current.id))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'share_issue_updated',
          subjectType: 'opportunity',
          subjectId: current.opportunityId,
          before,
          after: updated,
        });
        return updated;
      });
      return { data: await presentShareIssue(db, after) };
    },
  );

  /**
   * Files a beneficial owner's EIS3/SEIS3 (a PDF) on their investor record, visible to them alone in
   * the portal, and links it to the issue; a second upload for the same owner replaces the first.
   */
  app.post(
    '/api/share-issues/:id/certificates',
    {
      schema: { params: idParams, body: uploadTaxCertificateBody, response: { 201: dataOf(taxCertificateSchema) } },
      onRequest: staff('update'),
    },
    async (request, reply) => {
      const issue = await issueForStaff(request, request.params.id, 'update');
      const form = await readForm(request);
      const { _method: _ignored, ...fields } = form.fields;
      const input = parseFields(uploadTaxCertificateBody, fields);
      const file = onlyFile(form.files, 'Choose the certificate PDF.');
      if (!RELIEF_FORMS[issue.scheme as ReliefScheme])
        throw validationError({ file: ['This share issue has no EIS or SEIS relief: it has no certificates.'] });
      if ((await detectDocumentType(file)).mime !== 'application/pdf')
        throw validationError({ file: ['Upload the certificate as a PDF.'] });
      if (!(await ownsSharesOf(db, issue.id, input.user_id)))
        throw validationError({ user_id: ['This investor holds no shares from this issue.'] });
      const form3 = RELIEF_FORMS[issue.scheme as ReliefScheme]!.certificate;
      const { certificate, fileName } = await db.transaction(async (tx) => {
        const document = await storeDocument({ db: tx, storage }, request, {
          subject: { type: 'investor', id: input.user_id },
          file,
          name: `${form3} ${issue.shareClass} ${issue.issuedOn}.pdf`,
          visibility: 'public',
          folder: { name: CERTIFICATES_FOLDER },
        });
        const now = clock.now();
        const [before] = await tx
          .select()
          .from(taxCertificates)
          .where(
            and(eq(taxCertificates.shareIssueId, issue.id), eq(taxCertificates.userId, input.user_id), isNull(taxCertificates.deletedAt)),
          )
          .for('update');
        if (before) {
          await tx.update(taxCertificates).set({ deletedAt: now }).where(eq(taxCertificates.id, before.id));
          await tx.update(documents).set({ deletedAt: now }).where(eq(documents.id, before.documentId));
        }
        const [row] = await tx
          .insert(taxCertificates)
          .values({
            shareIssueId: issue.id,
            userId: input.user_id,
            documentId: document.id,
            certificateReference: input.certificate_reference ?? null,
            issuedOn: input.issued_on ?? null,
            uploadedBy: requireUser(request).id,
          })
          .returning();
        await recordActivity(tx, {
          request,
          action: 'tax_certificate_uploaded',
          subjectType: 'opportunity',
          subjectId: issue.opportunityId,
          before: before ?? null,
          after: row,
        });
        return { certificate: row, fileName: document.name };
      });
      return reply
        .status(201)
        .send({ data: presentCertificate(certificate, issue, fileName, `/api/tax-certificates/${certificate.id}/download`) });
    },
  );

  async function sendCertificate(reply: Parameters<typeof sendDocument>[0], documentId: number) {
    const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
    const data = document && (await storage.open(document.storageKey));
    if (!document || !data) throw new AppError('not_found', 'The file of this certificate could not be found.');
    return sendDocument(reply, document, data);
  }

  app.get(
    '/api/tax-certificates/:id/download',
    { schema: { params: idParams, response: { 200: fileBody } }, onRequest: staff('show') },
    async (request, reply) => {
      const [row] = await db
        .select()
        .from(taxCertificates)
        .where(and(eq(taxCertificates.id, request.params.id), isNull(taxCertificates.deletedAt)));
      if (!row) throw notFound('certificate');
      await issueForStaff(request, row.shareIssueId, 'show');
      return sendCertificate(reply, row.documentId);
    },
  );

  // ——— Staff: the relief an investment claims ———

  app.patch(
    '/api/investments/:id/tax-relief',
    {
      schema: { params: idParams, body: investmentTaxReliefBody, response: { 200: dataOf(staffInvestmentSchema) } },
      onRequest: behindFeature(enabled, authorize('existing_opportunities', 'update')),
    },
    async (request) => {
      const user = requireUser(request);
      const [current] = await db
        .select()
        .from(investments)
        .where(and(eq(investments.id, request.params.id), isNull(investments.deletedAt)));
      if (!current) throw notFound('investment');
      const opportunity = await findOpportunity(db, current.opportunityId);
      if (!opportunity) throw notFound('investment');
      if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), 'update')) throw forbidden();
      const input = request.body;
      await assertShareIssueOf(db, input.share_issue_id, current.opportunityId);
      const after = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(investments)
          .set({ relief: input.relief, shareIssueId: input.share_issue_id, updatedAt: clock.now() })
          .where(eq(investments.id, current.id))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'tax_relief_recorded',
          subjectType: 'investment',
          subjectId: current.id,
          before: { relief: current.relief, share_issue_id: current.shareIssueId },
          after: { relief: updated.relief, share_issue_id: updated.shareIssueId },
        });
        return updated;
      });
      const [data] = await presentInvestmentsWith(db, [after], new Set(), utcDate(clock.now()));
      return { data };
    },
  );

  // ——— Investor: their holding's relief, clock and certificates ———

  app.get(
    '/api/my/portfolio/:id/tax-relief',
    { schema: { params: idParams, response: { 200: dataOf(holdingTaxReliefSchema) } }, onRequest: investor },
    async (request) => {
      const user = requireInvestor(request);
      const opportunityId = request.params.id;
      const rows = await db
        .select({ investment: investments, issue: shareIssues })
        .from(investments)
        .leftJoin(shareIssues, and(eq(shareIssues.id, investments.shareIssueId), isNull(shareIssues.deletedAt)))
        .where(
          and(
            eq(investments.userId, user.id),
            eq(investments.opportunityId, opportunityId),
            inArray(investments.status, ['paid', 'completed']),
            ne(investments.type, 'private_manual'),
            isNull(investments.deletedAt),
          ),
        )
        .orderBy(investments.id);
      if (!rows.length) throw notFound('holding');
      const today = utcDate(clock.now());
      const certificates = (await loadCertificates(db, { userId: user.id })).filter((c) => c.issue.opportunityId === opportunityId);
      return {
        data: {
          opportunity_id: opportunityId,
          lines: rows.map(({ investment: i, issue }) => {
            const relief = i.relief as ReliefScheme | null;
            // The clock counts from the share issue; without one recorded, from the day the shares were paid for.
            const issuedOn = issue?.issuedOn ?? utcDate(i.paidAt ?? i.createdAt);
            return {
              investment_id: i.id,
              type: i.type,
              amount: i.amount,
              shares: i.shares,
              relief,
              relief_label: relief && RELIEF_LABELS[relief],
              share_issue: issue && { id: issue.id, issued_on: issue.issuedOn, share_class: issue.shareClass },
              clock: hasHoldingPeriod(relief) ? reliefClock(issuedOn, today) : null,
            };
          }),
          certificates: certificates.map((c) =>
            presentCertificate(c.certificate, c.issue, c.fileName, `/api/my/tax-certificates/${c.certificate.id}/download`),
          ),
        },
      };
    },
  );

  /** An investor's own certificate: anyone else's, or a withdrawn one, is not found. */
  app.get(
    '/api/my/tax-certificates/:id/download',
    { schema: { params: idParams, response: { 200: fileBody } }, onRequest: investor },
    async (request, reply) => {
      const user = requireInvestor(request);
      const [row] = await db
        .select()
        .from(taxCertificates)
        .where(and(eq(taxCertificates.id, request.params.id), eq(taxCertificates.userId, user.id), isNull(taxCertificates.deletedAt)));
      if (!row) throw notFound('certificate');
      return sendCertificate(reply, row.documentId);
    },
  );
}
