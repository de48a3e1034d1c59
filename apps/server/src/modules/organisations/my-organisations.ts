import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { ORGANISATION_ROLE_LABELS, type OrganisationRole } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { investments, organisationApplications, organisations, organisationUsers } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { parseFields, readForm } from '../../platform/form';
import { behindFeature, investorOnly, requireInvestor } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { withStoredFiles } from '../../platform/storage';
import { myInvestmentsHeld } from '../holders';
import { publicDocumentsOf, registerPortalDocuments, storeDocument } from '../records';
import { applicationsFeature } from './applications';
import { presentApplicationCommon, presentOrganisation } from './presenter';
import { applicationSchema } from './schemas';

/** Whether a person acts for a live organisation. */
async function actsFor(db: Db, userId: number, organisationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organisationUsers.id })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .where(and(eq(organisationUsers.userId, userId), eq(organisations.id, organisationId), isNull(organisations.deletedAt)));
  return rows.length > 0;
}

/** Where an applicant's supporting documents are filed on their (private) investor record. */
export const APPLICATION_DOCUMENTS_FOLDER = 'Organisation applications';

/**
 * The investor's side (spec §2.3 /investor/profile/organisation-apply and organisation_{id}): apply
 * to act for an organisation with a supporting document, follow their applications, and see the
 * organisations they are linked to. Everything is scoped to the signed-in investor: another
 * person's organisation answers 404.
 */
export function registerMyOrganisationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  const applying = behindFeature(async () => {
    if (!(await applicationsFeature.enabled(db))) throw new AppError('not_found', 'Organisation applications are not enabled.');
  }, investorOnly);

  app.get('/api/my/organisation-applications', { onRequest: applying }, async (request) => {
    const user = requireInvestor(request);
    const rows = await db
      .select()
      .from(organisationApplications)
      .where(and(eq(organisationApplications.userId, user.id), isNull(organisationApplications.deletedAt)))
      .orderBy(desc(organisationApplications.createdAt), desc(organisationApplications.id));
    return { data: rows.map(presentApplicationCommon) };
  });

  app.post('/api/my/organisation-applications', { onRequest: applying }, async (request, reply) => {
    const user = requireInvestor(request);
    const { fields, files } = await readForm(request);
    const { _method: _ignored, ...rest } = fields;
    const input = parseFields(applicationSchema, rest);
    if (Object.keys(files).some((n) => n !== 'file')) throw validationError({ file: ['Send one file, in the field "file".'] });
    if (!files.file)
      throw validationError({ file: ['Attach a supporting document, such as a certificate of incorporation or a trust deed.'] });
    const [pending] = await db
      .select({ id: organisationApplications.id })
      .from(organisationApplications)
      .where(
        and(
          eq(organisationApplications.userId, user.id),
          eq(organisationApplications.status, 'pending'),
          eq(organisationApplications.name, input.name),
          isNull(organisationApplications.deletedAt),
        ),
      );
    if (pending) throw validationError({ name: ['You already have an application for this organisation waiting for a decision.'] });
    const created = await withStoredFiles(ctx.storage, (storage) =>
      db.transaction(async (tx) => {
        const document = await storeDocument({ db: tx, storage }, request, {
          subject: { type: 'investor', id: user.id },
          file: files.file,
          name: `${input.name} — supporting document`.slice(0, 200),
          visibility: 'private',
          folder: { name: APPLICATION_DOCUMENTS_FOLDER },
        });
        const [row] = await tx
          .insert(organisationApplications)
          .values({
            userId: user.id,
            name: input.name,
            type: input.type,
            companyNumber: input.company_number ?? null,
            role: input.role,
            documentId: (document as { id: number }).id,
          })
          .returning();
        await recordActivity(tx, { request, action: 'created', subjectType: 'organisation_application', subjectId: row.id, after: row });
        return row;
      }),
    );
    return reply.status(201).send({ data: presentApplicationCommon(created) });
  });

  const myOrganisations = (userId: number) =>
    db
      .select({ organisation: organisations, role: organisationUsers.role })
      .from(organisationUsers)
      .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
      .where(and(eq(organisationUsers.userId, userId), isNull(organisations.deletedAt)))
      .$dynamic();

  const withRole = ({ organisation, role }: { organisation: typeof organisations.$inferSelect; role: string | null }) => ({
    ...presentOrganisation(organisation),
    my_role: role,
    my_role_label: role ? (ORGANISATION_ROLE_LABELS[role as OrganisationRole] ?? role) : null,
  });

  // The people who act for an organisation read its public documents (spec §2.3 organisation-documents_{id}).
  registerPortalDocuments('organisation', actsFor);

  app.get('/api/my/organisations/:id/documents', { schema: { params: idParams }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const { id } = idParams.parse(request.params);
    if (!(await actsFor(db, user.id, id))) throw notFound('organisation');
    return { data: await publicDocumentsOf(db, { type: 'organisation', id }) };
  });

  app.get('/api/my/organisations', { onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const rows = await myOrganisations(user.id).orderBy(asc(organisations.name));
    return { data: rows.map(withRole) };
  });

  /** One of the investor's organisations, with what they invested through it. */
  app.get('/api/my/organisations/:id', { schema: { params: idParams }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const { id } = idParams.parse(request.params);
    const [row] = await myOrganisations(user.id).where(
      and(eq(organisationUsers.userId, user.id), eq(organisations.id, id), isNull(organisations.deletedAt)),
    );
    if (!row) throw notFound('organisation');
    return { data: { ...withRole(row), investments: await myInvestmentsHeld(db, user.id, eq(investments.organisationId, id)) } };
  });
}
