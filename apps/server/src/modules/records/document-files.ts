import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { validationError } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';
import { fileTypeOf } from '../../platform/storage';

/**
 * What a document may be, judged by its content, never by the name or type the browser claims:
 * anything a browser could run (HTML, SVG, scripts, executables) is refused, and what is stored is
 * served back with the type found here.
 */
export interface DocumentType {
  mime: string;
  /** The extension the download name ends with. */
  ext: string;
}

/** Types recognised by their magic bytes (file-type's extension → the type we serve). */
const BY_MAGIC: Record<string, DocumentType> = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  png: { mime: 'image/png', ext: 'png' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
};

/** Old Office files share one container format (OLE/CFB); the name tells Word from Excel. */
const OLE_BY_NAME: Record<string, DocumentType> = {
  '.doc': { mime: 'application/msword', ext: 'doc' },
  '.xls': { mime: 'application/vnd.ms-excel', ext: 'xls' },
};

/** Text has no magic bytes: it is accepted by name, when it really is text. */
const TEXT_BY_NAME: Record<string, DocumentType> = {
  '.csv': { mime: 'text/csv', ext: 'csv' },
  '.txt': { mime: 'text/plain', ext: 'txt' },
};

/** Shown in the browser; every other type is downloaded as an attachment. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const ALLOWED_MESSAGE = 'Upload a PDF, an image (PNG, JPEG, GIF, WebP), a Word, Excel or PowerPoint file, or a CSV or text file.';

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

export async function detectDocumentType(file: UploadedFile): Promise<DocumentType> {
  if (file.data.length === 0) throw validationError({ file: ['The file is empty.'] });
  const extension = path.extname(file.filename).toLowerCase();
  const detected = await fileTypeOf(file.data);
  const type = detected
    ? detected.ext === 'cfb'
      ? OLE_BY_NAME[extension]
      : BY_MAGIC[detected.ext]
    : TEXT_BY_NAME[extension] && isUtf8Text(file.data)
      ? TEXT_BY_NAME[extension]
      : undefined;
  if (!type) throw validationError({ file: [ALLOWED_MESSAGE] });
  return type;
}

/** The name a download is saved under: the document's name, ending in its real type's extension. */
export function downloadName(name: string, mime: string): string {
  const type = [...Object.values(BY_MAGIC), ...Object.values(OLE_BY_NAME), ...Object.values(TEXT_BY_NAME)].find((t) => t.mime === mime);
  const ext = type ? `.${type.ext}` : '';
  const alternatives = type?.ext === 'jpg' ? ['.jpg', '.jpeg'] : [ext];
  return alternatives.some((e) => name.toLowerCase().endsWith(e)) ? name : `${name}${ext}`;
}

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored document. The headers make it inert whatever it holds: the stored type only (never
 * sniffed), a sandbox that gives inline content no script or origin, and a download for anything
 * a browser should not render itself.
 */
export function sendDocument(reply: FastifyReply, document: { name: string; mimeType: string }, data: Readable) {
  const inline = INLINE_TYPES.has(document.mimeType);
  return reply
    .header('content-type', document.mimeType.startsWith('text/') ? `${document.mimeType}; charset=utf-8` : document.mimeType)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', downloadName(document.name, document.mimeType)))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-store')
    .send(data);
}
