import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  can,
  dataOf,
  fileBody,
  galleryImageSchema,
  galleryOrderBody,
  type GalleryImage,
  noContent,
  OPPORTUNITY_PERMISSION_EVENT,
  Role,
  uploadGalleryImageBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { opportunityImages } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { readForm } from '../../platform/form';
import { requireUser } from '../../platform/guards';
import { idParam, idParams } from '@platform/domain';
import { fileTypeOf, sendPrivateImage, withStoredFiles } from '../../platform/storage';
import { assertMayViewOpportunity } from '../../shared/investor-gates';
import { authorizeOpportunities, investorOrOpportunityStaff } from '../../shared/opportunity-access';
import { findOpportunity } from '../../shared/opportunity-visibility';
import { findVisibleOpportunity, marketSoundingPending } from '../../shared/opportunity-visibility';

/** Gallery pictures: PNG, JPEG or WebP by their bytes (never SVG, which can carry script), 5 MB each, 20 per opportunity. */
const GALLERY_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_IMAGES = 20;

export type ImageRow = typeof opportunityImages.$inferSelect;

export function presentImage(row: ImageRow): GalleryImage {
  return { id: row.id, caption: row.caption, position: row.position, url: `/api/opportunity-images/${row.id}` };
}

export async function galleryOf(db: AppContext['db'], opportunityId: number) {
  const rows = await db
    .select()
    .from(opportunityImages)
    .where(and(eq(opportunityImages.opportunityId, opportunityId), isNull(opportunityImages.deletedAt)))
    .orderBy(asc(opportunityImages.position), asc(opportunityImages.id));
  return rows.map(presentImage);
}

export function registerOpportunityImageRoutes(app: App, { db, storage, clock }: AppContext) {
  async function staffOpportunity(request: FastifyRequest, id: number, action: 'show' | 'update') {
    const user = requireUser(request);
    const row = await findOpportunity(db, id);
    if (!row) throw notFound('opportunity');
    if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), action)) throw forbidden();
    return row;
  }

  const gallery = dataOf(z.array(galleryImageSchema));

  app.get(
    '/api/investment-opportunities/:id/images',
    { schema: { params: idParams, response: { 200: gallery } }, onRequest: investorOrOpportunityStaff('show') },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (user.roleId === Role.User) {
        const row = await findVisibleOpportunity(db, user.id, id);
        await assertMayViewOpportunity(db, user, row, clock.now());
        if (await marketSoundingPending(db, user.id, row)) return { data: [] };
        return { data: await galleryOf(db, row.id) };
      }
      return { data: await galleryOf(db, (await staffOpportunity(request, id, 'show')).id) };
    },
  );

  app.post(
    '/api/investment-opportunities/:id/images',
    {
      schema: { params: idParams, body: uploadGalleryImageBody, response: { 201: dataOf(galleryImageSchema) } },
      onRequest: authorizeOpportunities('update'),
    },
    async (request, reply) => {
      const opportunity = await staffOpportunity(request, request.params.id, 'update');
      // A caption of only spaces is no caption.
      const caption = request.body.caption || null;
      const file = (await readForm(request)).files.image;
      if (!file) throw validationError({ image: ['Choose an image to upload.'] });
      const type = await fileTypeOf(file.data);
      if (!type || !GALLERY_TYPES.has(type.mime)) throw validationError({ image: ['The image must be a PNG, JPEG or WebP picture.'] });
      if (file.data.length > MAX_BYTES) throw validationError({ image: ['The image may not be larger than 5 MB.'] });
      const row = await withStoredFiles(storage, async (files) => {
        const key = await files.put('opportunities', { ...file, filename: `image.${type.ext}` });
        return db.transaction(async (tx) => {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(opportunityImages)
            .where(and(eq(opportunityImages.opportunityId, opportunity.id), isNull(opportunityImages.deletedAt)));
          if (Number(n) >= MAX_IMAGES) throw validationError({ image: [`An opportunity holds at most ${MAX_IMAGES} images.`] });
          const [created] = await tx
            .insert(opportunityImages)
            .values({ opportunityId: opportunity.id, storageKey: key, mimeType: type.mime, caption, position: Number(n) })
            .returning();
          await recordActivity(tx, {
            request,
            action: 'image_added',
            subjectType: 'opportunity',
            subjectId: opportunity.id,
            after: { image_id: created.id },
          });
          return created;
        });
      });
      return reply.status(201).send({ data: presentImage(row) });
    },
  );

  app.delete(
    '/api/investment-opportunities/:id/images/:imageId',
    {
      schema: { params: z.object({ id: idParam, imageId: idParam }), response: { 204: noContent } },
      onRequest: authorizeOpportunities('update'),
    },
    async (request, reply) => {
      const opportunity = await staffOpportunity(request, request.params.id, 'update');
      const { imageId } = request.params;
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .update(opportunityImages)
          .set({ deletedAt: new Date() })
          .where(
            and(
              eq(opportunityImages.id, imageId),
              eq(opportunityImages.opportunityId, opportunity.id),
              isNull(opportunityImages.deletedAt),
            ),
          )
          .returning();
        if (!removed) throw notFound('image');
        await recordActivity(tx, {
          request,
          action: 'image_removed',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          before: { image_id: imageId },
        });
      });
      return reply.status(204).send(null);
    },
  );

  /** The gallery's order: the first picture is the cover. The list must name every picture exactly once. */
  app.put(
    '/api/investment-opportunities/:id/images/order',
    { schema: { params: idParams, body: galleryOrderBody, response: { 200: gallery } }, onRequest: authorizeOpportunities('update') },
    async (request) => {
      const opportunity = await staffOpportunity(request, request.params.id, 'update');
      const ids = request.body.image_ids;
      await db.transaction(async (tx) => {
        // Locking the opportunity's pictures keeps a concurrent upload or delete from slipping between the check and the writes.
        const current = await tx
          .select({ id: opportunityImages.id })
          .from(opportunityImages)
          .where(and(eq(opportunityImages.opportunityId, opportunity.id), isNull(opportunityImages.deletedAt)))
          .for('update');
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
          throw validationError({ image_ids: ['Name every picture of this opportunity once, in the order you want.'] });
        }
        for (const [position, id] of ids.entries())
          await tx.update(opportunityImages).set({ position }).where(eq(opportunityImages.id, id));
        await recordActivity(tx, {
          request,
          action: 'images_reordered',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: { image_ids: ids },
        });
      });
      return { data: await galleryOf(db, opportunity.id) };
    },
  );

  /** The picture itself, to whoever may see its opportunity (investors: after any market sounding). */
  app.get(
    '/api/opportunity-images/:id',
    { schema: { params: idParams, response: { 200: fileBody } }, onRequest: investorOrOpportunityStaff('show') },
    async (request, reply) => {
      const user = requireUser(request);
      const [image] = await db
        .select()
        .from(opportunityImages)
        .where(and(eq(opportunityImages.id, request.params.id), isNull(opportunityImages.deletedAt)));
      if (!image) throw notFound('image');
      if (user.roleId === Role.User) {
        const row = await findVisibleOpportunity(db, user.id, image.opportunityId);
        await assertMayViewOpportunity(db, user, row, clock.now());
        if (await marketSoundingPending(db, user.id, row)) throw notFound('image');
      } else {
        const row = await findOpportunity(db, image.opportunityId);
        if (!row || !can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), 'show')) throw notFound('image');
      }
      const data = await storage.open(image.storageKey);
      if (!data) throw notFound('image');
      return sendPrivateImage(reply, image.mimeType, data);
    },
  );
}
