import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  can,
  dataOf,
  fileBody,
  RICH_TEXT_IMAGE_PATH,
  richTextImageParams,
  richTextImageSchema,
  Role,
  uploadRichTextImageBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { richTextImages, richTextImageUses } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { readForm } from '../../platform/form';
import { authenticated, authorizeAny, requireUser } from '../../platform/guards';
import { fileTypeOf, sendPrivateImage, withStoredFiles } from '../../platform/storage';
import { richTextSubject } from '../../shared/rich-text-images';

/** Pictures by their bytes: PNG, JPEG, WebP or GIF (never SVG, which can carry script), 5 MB each. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const MAX_BYTES = 5 * 1024 * 1024;

type ImageRow = typeof richTextImages.$inferSelect;

/**
 * Pictures placed in rich text (docs/decisions/0030): staff who write an update upload a picture and
 * get its address to place in the text; the picture loads for whoever may read a saved text that
 * shows it — staff of that area, investors the text reached — and for its uploader; anyone else
 * gets a 404, never learning that it exists.
 */
export function registerRichTextImageRoutes(app: App, { db, storage }: AppContext) {
  app.post(
    '/api/rich-text-images',
    {
      schema: { body: uploadRichTextImageBody, response: { 201: dataOf(richTextImageSchema) } },
      onRequest: authorizeAny(['update_reports', 'create'], ['update_reports', 'update']),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = (await readForm(request)).files.image;
      if (!file) throw validationError({ image: ['Choose a picture to upload.'] });
      const type = await fileTypeOf(file.data);
      if (!type || !IMAGE_TYPES.has(type.mime)) throw validationError({ image: ['The picture must be a PNG, JPEG, WebP or GIF image.'] });
      if (file.data.length > MAX_BYTES) throw validationError({ image: ['The picture may not be larger than 5 MB.'] });
      const row = await withStoredFiles(storage, async (files) => {
        const key = await files.put('rich-text', { ...file, filename: `image.${type.ext}` });
        return db.transaction(async (tx) => {
          const [created] = await tx
            .insert(richTextImages)
            .values({ storageKey: key, mimeType: type.mime, sizeBytes: file.data.length, uploadedBy: user.id })
            .returning();
          await recordActivity(tx, {
            request,
            action: 'created',
            subjectType: 'rich_text_image',
            subjectId: null,
            after: { id: created.id },
          });
          return created;
        });
      });
      return reply.status(201).send({ data: { id: row.id, url: `${RICH_TEXT_IMAGE_PATH}${row.id}` } });
    },
  );

  app.get(
    '/api/rich-text-images/:id',
    { schema: { params: richTextImageParams, response: { 200: fileBody } }, onRequest: authenticated },
    async (request, reply) => {
      const [image] = await db.select().from(richTextImages).where(eq(richTextImages.id, request.params.id));
      if (!image || !(await mayLoad(db, request, image))) throw notFound('image');
      const data = await storage.open(image.storageKey);
      if (!data) throw notFound('image');
      return sendPrivateImage(reply, image.mimeType, data);
    },
  );
}

async function mayLoad(db: Db, request: FastifyRequest, image: ImageRow): Promise<boolean> {
  const user = requireUser(request);
  if (user.roleId !== Role.User && image.uploadedBy === user.id) return true;
  const uses = await db.select().from(richTextImageUses).where(eq(richTextImageUses.imageId, image.id));
  const byType = new Map<string, number[]>();
  for (const use of uses) byType.set(use.subjectType, [...(byType.get(use.subjectType) ?? []), use.subjectId]);
  for (const [type, ids] of byType) {
    const subject = richTextSubject(type);
    if (!subject) continue;
    if (user.roleId !== Role.User) {
      if (can(user.roleId, subject.event, 'show')) return true;
    } else if ((await subject.readableByInvestor(db, user.id, ids)).length) return true;
  }
  return false;
}
