import { z } from 'zod';
import {
  dataOf,
  idParams,
  myOrganisationDetailSchema,
  myOrganisationSchema,
  organisationApplicationBody,
  organisationApplicationSchema,
  publicDocumentSchema,
} from '@platform/domain';
import { eq } from 'drizzle-orm';
import type { App, AppContext } from '../../platform/context';
import { investments } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { onlyFile, readForm } from '../../platform/form';
import { behindFeature, investorOnly, requireInvestor } from '../../platform/guards';
import { myInvestmentsHeld } from '../holders';
import { publicDocumentsOf, registerPortalDocuments } from '../records';
import { applicationsFeature, applyForOrganisation, myApplications } from './application-service';
import { presentApplicationCommon, presentMyOrganisation } from './presenter';
import { actsFor, myOrganisation, myOrganisations } from './service';

/**
 * The investor's side (spec §2.3 /investor/profile/organisation-apply and organisation_{id}): apply
 * to act for an organisation with a supporting document, follow their applications, and see the
 * organisations they are linked to. Everything is scoped to the signed-in investor: another
 * person's organisation answers 404.
 */
export function registerMyOrganisationRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;

  const applying = behindFeature(async () => {
    if (!(await applicationsFeature.enabled(db))) throw new AppError('not_found', 'Organisation applications are not enabled.');
  }, investorOnly);

  app.get(
    '/api/my/organisation-applications',
    { schema: { response: { 200: dataOf(z.array(organisationApplicationSchema)) } }, onRequest: applying },
    async (request) => ({ data: (await myApplications(db, requireInvestor(request).id)).map(presentApplicationCommon) }),
  );

  app.post(
    '/api/my/organisation-applications',
    { schema: { body: organisationApplicationBody, response: { 201: dataOf(organisationApplicationSchema) } }, onRequest: applying },
    async (request, reply) => {
      const user = requireInvestor(request);
      const file = onlyFile(
        (await readForm(request)).files,
        'Attach a supporting document, such as a certificate of incorporation or a trust deed.',
      );
      const created = await applyForOrganisation(ctx, request, user.id, request.body, file);
      return reply.status(201).send({ data: presentApplicationCommon(created) });
    },
  );

  // The people who act for an organisation read its public documents (spec §2.3 organisation-documents_{id}).
  registerPortalDocuments('organisation', actsFor);

  app.get(
    '/api/my/organisations/:id/documents',
    { schema: { params: idParams, response: { 200: dataOf(z.array(publicDocumentSchema)) } }, onRequest: investorOnly },
    async (request) => {
      const { id } = request.params;
      if (!(await actsFor(db, requireInvestor(request).id, id))) throw notFound('organisation');
      return { data: await publicDocumentsOf(db, { type: 'organisation', id }) };
    },
  );

  app.get(
    '/api/my/organisations',
    { schema: { response: { 200: dataOf(z.array(myOrganisationSchema)) } }, onRequest: investorOnly },
    async (request) => ({ data: (await myOrganisations(db, requireInvestor(request).id)).map(presentMyOrganisation) }),
  );

  /** One of the investor's organisations, with what they invested through it. */
  app.get(
    '/api/my/organisations/:id',
    { schema: { params: idParams, response: { 200: dataOf(myOrganisationDetailSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const { id } = request.params;
      const row = await myOrganisation(db, user.id, id);
      return {
        data: { ...presentMyOrganisation(row), investments: await myInvestmentsHeld(db, user.id, eq(investments.organisationId, id)) },
      };
    },
  );
}
