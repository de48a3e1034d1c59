import type { PDFDocument } from 'pdf-lib';
import {
  dataOf,
  SIGNATURE_PNG_PREFIX,
  type SignedPdf,
  type SignPdfInput,
  signedPdfSchema,
  signPdfBody,
  signPdfDocumentSchema,
  signPdfParams,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { storeDocument } from '../records';
import { findInvestorDocument } from './service';
import { assertLiveInvestor } from '../../shared/live-investor';

/**
 * Signing an investor's PDF (spec §2.2 /admin/investors/{id}/sign-pdf/{id}): staff place a drawn
 * or typed signature on a page, and the signed copy is filed as a new document next to the
 * original, which stays as it was.
 */
const MAX_DRAWING_BYTES = 1024 * 1024;

async function loadPdf(bytes: Buffer): Promise<PDFDocument> {
  // pdf-lib loads with the first signature, not with the server.
  const { PDFDocument: Pdf } = await import('pdf-lib');
  try {
    return await Pdf.load(bytes, { updateMetadata: false });
  } catch {
    // Encrypted or damaged files cannot be signed here.
    throw validationError({ document: ['This PDF cannot be opened for signing (it may be encrypted or damaged).'] });
  }
}

/** Draws the signature on a copy of the PDF and returns the new file's bytes. */
export async function signPdf(original: Buffer, input: SignPdfInput, signer: { name: string }, now: Date): Promise<Uint8Array> {
  const pdf = await loadPdf(original);
  const { rgb, StandardFonts } = await import('pdf-lib');
  const pages = pdf.getPages();
  if (input.page > pages.length) throw validationError({ page: [`Choose a page from 1 to ${pages.length}.`] });
  const page = pages[input.page - 1];
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const left = input.x * pageWidth;
  const top = pageHeight - input.y * pageHeight;
  const width = input.width * pageWidth;
  let height: number;
  if (input.kind === 'drawn') {
    const bytes = Buffer.from(input.drawing!.slice(SIGNATURE_PNG_PREFIX.length), 'base64');
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

export function registerSignPdfRoutes(app: App, ctx: AppContext) {
  const { db, storage, clock } = ctx;

  /** A live PDF filed on a live investor's record, with its bytes. */
  async function loadDocument(id: number, documentId: number) {
    await assertLiveInvestor(db, id);
    const document = await findInvestorDocument(db, id, documentId);
    if (!document) throw notFound('document');
    if (document.mimeType !== 'application/pdf')
      throw new AppError('validation', 'Only PDF documents can be signed.', { document: ['Only PDF documents can be signed.'] });
    const bytes = await storage.read(document.storageKey);
    if (!bytes) throw notFound('file of this document');
    return { document, bytes };
  }

  /** The pages' sizes, so the signing page can draw them to scale. */
  app.get(
    '/api/users/:id/sign-pdf/:documentId',
    { schema: { params: signPdfParams, response: { 200: dataOf(signPdfDocumentSchema) } }, onRequest: authorize('investors', 'update') },
    async (request) => {
      const { id, documentId } = request.params;
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
    },
  );

  app.post(
    '/api/users/:id/sign-pdf/:documentId',
    {
      schema: { params: signPdfParams, body: signPdfBody, response: { 201: dataOf(signedPdfSchema) } },
      onRequest: authorize('investors', 'update'),
      bodyLimit: 4 * 1024 * 1024,
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const input = request.body;
      const signer = requireUser(request);
      const { document, bytes } = await loadDocument(id, documentId);
      const signed = await signPdf(bytes, input, signer, clock.now());
      const base = document.name.replace(/\.pdf$/i, '');
      // The documents module presents the record; its id is what this route promises.
      const data = (await storeDocument(ctx, request, {
        subject: { type: 'investor', id },
        file: { filename: `${base} (signed).pdf`, mimetype: 'application/pdf', data: Buffer.from(signed) },
        name: input.name ?? `${base} (signed)`.slice(0, 200),
        visibility: input.visibility ?? document.visibility,
        folder: document.folderId ? { id: document.folderId } : null,
        origin: document.origin,
      })) as SignedPdf;
      await recordActivity(db, {
        request,
        action: 'pdf_signed',
        subjectType: 'investor',
        subjectId: id,
        after: { original_document_id: document.id, signed_document_id: data.id, page: input.page, kind: input.kind },
      });
      return reply.status(201).send({ data });
    },
  );
}
