import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  dataOf,
  IDENTITY_FOLDER,
  type Identity,
  type IdentityDocumentKind,
  identitySchema,
  identityUploadBody,
  type KycStatus,
  PHOTO_IDENTITY_KINDS,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { documents, folders, identityDocumentDetails, users } from '../../db/schema';
import { internationalChecks } from '../../shared/international-aml';
import { recordTriggerEvent } from '../../shared/trigger-events';
import { insertStaffNotifications, pushStaffNotifications } from '../../shared/staff-notifications';
import { recordActivity } from '../../platform/activity';
import { validationError } from '../../platform/errors';
import { onlyFile, readForm } from '../../platform/form';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { withStoredFiles } from '../../platform/storage';
import { presentDocumentForInvestor, storeDocument } from '../records';
import { escapeHtml } from '../../platform/html';

/**
 * The investor's identity checks (KYC/AML, spec §2.3 /investor/profile/identity): they upload their
 * documents, which are filed privately on their investor record for staff, in one folder; staff
 * verify or reject through the investor's record (`kyc_status` on PATCH /api/users/{id}). With
 * `enableInternationalAml`, an investor with a non-UK address says what each document is (proof of
 * address; passport or national identity card and its issuing country), and is not verified
 * without both (shared/international-aml.ts).
 */
export function registerProfileRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  async function identityOf(userId: number): Promise<Identity> {
    const [user] = await db
      .select({ kycStatus: users.kycStatus, kycUpdatedAt: users.kycUpdatedAt, country: users.country })
      .from(users)
      .where(eq(users.id, userId));
    // Only what they uploaded themselves: staff's private notes on the same folder stay with staff.
    const rows = await db
      .select({ document: documents, details: identityDocumentDetails })
      .from(documents)
      .innerJoin(folders, eq(folders.id, documents.folderId))
      .leftJoin(identityDocumentDetails, eq(identityDocumentDetails.documentId, documents.id))
      .where(
        and(
          eq(documents.subjectType, 'investor'),
          eq(documents.subjectId, userId),
          eq(documents.uploadedBy, userId),
          eq(folders.name, IDENTITY_FOLDER),
          isNull(documents.deletedAt),
        ),
      )
      .orderBy(desc(documents.createdAt));
    const checks = await internationalChecks(db, { id: userId, country: user.country });
    return {
      kyc_status: user.kycStatus as KycStatus,
      kyc_updated_at: user.kycUpdatedAt?.toISOString() ?? null,
      documents: rows.map(({ document, details }) => {
        const { download_url: _staffOnly, ...rest } = presentDocumentForInvestor(document);
        return {
          ...rest,
          kind: (details?.kind as IdentityDocumentKind | undefined) ?? null,
          issuing_country: details?.issuingCountry ?? null,
        };
      }),
      international: checks.international,
      missing_documents: checks.missing,
    };
  }

  const identity = dataOf(identitySchema);

  app.get('/api/my/identity', { schema: { response: { 200: identity } }, onRequest: investorOnly }, async (request) => ({
    data: await identityOf(requireInvestor(request).id),
  }));

  app.post(
    '/api/my/identity-documents',
    { schema: { body: identityUploadBody, response: { 201: identity } }, onRequest: investorOnly },
    async (request, reply) => {
      const user = requireInvestor(request);
      const file = onlyFile((await readForm(request)).files, 'Choose a file to upload.');
      if (user.kycStatus === 'verified') throw validationError({ file: ['Your identity is already verified.'] });
      const staff = await withStoredFiles(ctx.storage, (storage) =>
        db.transaction(async (tx) => {
          const document = await storeDocument({ db: tx, storage }, request, {
            subject: { type: 'investor', id: user.id },
            file,
            name: request.body.name || undefined,
            visibility: 'private',
            folder: { name: IDENTITY_FOLDER },
            origin: 'identity',
          });
          const { kind, issuing_country } = request.body;
          if (kind)
            await tx
              .insert(identityDocumentDetails)
              .values({ documentId: document.id, kind, issuingCountry: PHOTO_IDENTITY_KINDS.includes(kind) ? issuing_country : null });
          if (user.kycStatus !== 'submitted') {
            const [after] = await tx
              .update(users)
              .set({ kycStatus: 'submitted', kycUpdatedAt: clock.now() })
              .where(eq(users.id, user.id))
              .returning({ kyc_status: users.kycStatus });
            await recordTriggerEvent(
              tx,
              'investor.kyc_changed',
              { investor_id: user.id, kyc_status: after.kyc_status, previous: user.kycStatus },
              clock.now(),
            );
            await recordActivity(tx, {
              request,
              action: 'identity_submitted',
              subjectType: 'user',
              subjectId: user.id,
              before: { kyc_status: user.kycStatus },
              after,
            });
          }
          return insertStaffNotifications(tx, 'investor_document', {
            message: `<strong>${escapeHtml(user.name)}</strong> uploaded <strong>${escapeHtml(document.name)}</strong> to check their identity.`,
            icon: 'investor_document',
            cta: `/admin/investors/${user.id}/documents`,
            now: clock.now(),
          });
        }),
      );
      await pushStaffNotifications(ctx.realtime, staff);
      return reply.status(201).send({ data: await identityOf(user.id) });
    },
  );
}
