import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { z } from 'zod';
import { Role } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { documents, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize, requireUser } from '../../platform/guards';
import { clearable, idParam, textInput } from '@platform/domain';
import { storeDocument } from '../records/documents';

/**
 * Signing an investor's PDF (spec §2.2 /admin/investors/{id}/sign-pdf/{id}): staff place a drawn
 * or typed signature on a page, and the signed copy is filed as a new document next to the
 * original, which stays as it was.
 */
const params = z.object({ id: idParam, documentId: idParam });

const fraction = (what: string) =>
  z.coerce
    .number({ message: `Enter the ${what} as a fraction of the page (0 to 1).` })
    .min(0, `The ${what} must be on the page.`)
    .max(1, `The ${what} must be on the page.`);
const MAX_DRAWING_BYTES = 1024 * 1024;
const PNG_PREFIX = 'data:image/png;base64,';

const signSchema = z
  .strictObject({
    page: z.coerce.number({ message: 'Choose a page.' }).int('Choose a page.').min(1, 'Choose a page.'),
    x: fraction('left edge'),
    y: fraction('top edge'),
    width: fraction('width').refine((w) => w >= 0.05, 'Make the signature at least 5% of the page wide.'),
    kind: z.enum(['typed', 'drawn'], { message: 'Type or draw the signature.' }),
    text: textInput(100).optional(),
    drawing: z.string().optional(),
    name: clearable(textInput(200)).optional(),
    visibility: z.enum(['public', 'private'], { message: 'Choose public or private.' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'typed' && !input.text?.trim()) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Type the signature.' });
    if (input.kind === 'drawn' && !input.drawing?.startsWith(PNG_PREFIX))
      ctx.addIssue({ code: 'custom', path: ['drawing'], message: 'Draw the signature.' });
    if (input.x + input.width > 1.0001)
      ctx.addIssue({ code: 'custom', path: ['x'], message: 'The signature must fit on the page: move it left or make it narrower.' });
  });

export type SignInput = z.infer<typeof signSchema>;

async function loadPdf(bytes: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    // Encrypted or damaged files cannot be signed here.
    throw validationError({ document: ['This PDF cannot be opened for signing (it may be encrypted or damaged).'] });
  }
}

/** Draws the signature on a copy of the PDF and returns the new file's bytes. */
export async function signPdf(original: Buffer, input: SignInput, signer: { name: string }, now: Date): Promise<Uint8Array> {
  const pdf = await loadPdf(original);
  const pages = pdf.getPages();
  if (input.page > pages.length) throw validationError({ page: [`Choose a page from 1 to ${pages.length}.`] });
  const page = pages[input.page - 1];
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const left = input.x * pageWidth;
  const top = pageHeight - input.y * pageHeight;
  const width = input.width * pageWidth;
  let height: number;
  if (input.kind === 'drawn') {
    const bytes = Buffer.from(input.drawing!.slice(PNG_PREFIX.length), 'base64');
    if (bytes.length > MAX_DRAWING_BYTES) throw validationError({ drawing: ['The drawing is too large.'] });
    const image = await pdf.embedPng(bytes).catch(() => {
      throw validationError({ drawing: ['The drawing could not be read. Draw the signature again.'] });
    });
    height = (width * image.height) / image.width;
    page.drawImage(image, { x: left, y: top - height, width, height });
  } else {
    const font = await pdf.embedFont(StandardFonts.TimesRomanItalic);
    const text = input.text!.trim();
    const size = Math.min(36, Math.max(8, (width / Math.max(font.widthOfTextAtSize(text, 1), 1)) * 0.95));
    height = font.heightAtSize(size);
    try {
      page.drawText(text, { x: left, y: top - height * 0.8, size, font, color: rgb(0.05, 0.1, 0.35) });
    } catch {
      throw validationError({ text: ['Use Latin letters for a typed signature, or draw it.'] });
    }
  }
  const caption = await pdf.embedFont(StandardFonts.Helvetica);
  const stamp = `Signed by ${signer.name} on ${now.toISOString().slice(0, 10)}`.replace(/[^\x20-\x7e]/g, '?');
  page.drawText(stamp, { x: left, y: Math.max(2, top - height - 9), size: 7, font: caption, color: rgb(0.35, 0.35, 0.35) });
  return pdf.save();
}

export function registerSignPdfRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, storage, clock } = ctx;

  /** A live PDF filed on a live investor's record, with its bytes. */
  async function loadDocument(id: number, documentId: number) {
    const [investor] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt)));
    if (!investor) throw notFound('investor');
    const [document] = await db
      .select()
      .from(documents)
      .where(
        and(eq(documents.id, documentId), eq(documents.subjectType, 'investor'), eq(documents.subjectId, id), isNull(documents.deletedAt)),
      );
    if (!document) throw notFound('document');
    if (document.mimeType !== 'application/pdf')
      throw new AppError('validation', 'Only PDF documents can be signed.', { document: ['Only PDF documents can be signed.'] });
    const bytes = await storage.read(document.storageKey);
    if (!bytes) throw notFound('file of this document');
    return { document, bytes };
  }

  /** The pages' sizes, so the signing page can draw them to scale. */
  app.get('/api/users/:id/sign-pdf/:documentId', { schema: { params }, onRequest: authorize('investors', 'update') }, async (request) => {
    const { id, documentId } = request.params as z.infer<typeof params>;
    const { document, bytes } = await loadDocument(id, documentId);
    const pdf = await loadPdf(bytes);
    return {
      data: {
        document: {
          id: document.id,
          name: document.name,
          visibility: document.visibility,
          download_url: `/api/documents/${document.id}/download`,
        },
        pages: pdf.getPages().map((p) => ({ width: p.getWidth(), height: p.getHeight() })),
      },
    };
  });

  app.post(
    '/api/users/:id/sign-pdf/:documentId',
    { schema: { params }, onRequest: authorize('investors', 'update'), bodyLimit: 4 * 1024 * 1024 },
    async (request, reply) => {
      const { id, documentId } = request.params as z.infer<typeof params>;
      const input = parseFields(signSchema, await readFormFields(request));
      const signer = requireUser(request);
      const { document, bytes } = await loadDocument(id, documentId);
      const signed = await signPdf(bytes, input, signer, clock.now());
      const base = document.name.replace(/\.pdf$/i, '');
      const data = await storeDocument(ctx, request, {
        subject: { type: 'investor', id },
        file: { filename: `${base} (signed).pdf`, mimetype: 'application/pdf', data: Buffer.from(signed) },
        name: input.name ?? `${base} (signed)`.slice(0, 200),
        visibility: input.visibility ?? document.visibility,
        folder: document.folderId ? { id: document.folderId } : null,
      });
      await recordActivity(db, {
        request,
        action: 'pdf_signed',
        subjectType: 'investor',
        subjectId: id,
        after: { original_document_id: document.id, signed_document_id: (data as { id: number }).id, page: input.page, kind: input.kind },
      });
      return reply.status(201).send({ data });
    },
  );
}
