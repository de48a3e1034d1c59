import path from 'node:path';
import type { FastifyRequest } from 'fastify';
// Types request.parts and request.isMultipart; the plugin itself is registered by app.ts.
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '@platform/domain';
import { AppError, validationError, zodIssuesToFieldErrors } from './errors';
import { nulCharacterError } from './input';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface FormInput {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** A multipart body is a stream read once: a second reader (the idempotency check, then the handler) gets the same form. */
const multipartForms = new WeakMap<FastifyRequest, FormInput>();
/** Control characters, and the marks that reorder text (`invoice\u202Efdp.exe` reads as `invoiceexe.pdf`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_FILE_NAME = 255;

/**
 * The name a browser gave a file, made safe to store and show: no control or reordering
 * characters, no folders, at most 255 characters with its extension kept. Empty when nothing
 * printable is left.
 */
export function cleanFileName(name: string): string {
  const base = (name.replace(UNPRINTABLE, '').split(/[\\/]/).pop() ?? '').trim();
  if (base.length <= MAX_FILE_NAME) return base;
  const ext = path.extname(base).slice(0, 16);
  return base.slice(0, MAX_FILE_NAME - ext.length) + ext;
}

/**
 * The multipart parser's limits (registered in app.ts): no upload takes a file larger than a
 * document may be, nor more than ten files.
 */
export const UPLOAD_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: 10 };

/** A file over the size limit, answered on its form field like any other problem with the upload. */
const fileTooLarge = (field: string) =>
  validationError({ [field]: [`The file may not be larger than ${UPLOAD_LIMITS.fileSize / 1024 / 1024} MB.`] });

/**
 * Errors of the multipart parser: a file over the size limit, or more files than a form takes, is a
 * 422 on the file's field, whatever the route; other limits keep their own 4xx; anything else means
 * the body is malformed.
 */
function formError(error: unknown): unknown {
  const { code, statusCode, part } = error as { code?: string; statusCode?: number; part?: { fieldname?: string } };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(part?.fieldname ?? 'file');
  if (code === 'FST_FILES_LIMIT') return validationError({ file: ['Upload one file at a time.'] });
  if (error instanceof AppError || (statusCode !== undefined && statusCode < 500)) return error;
  return new AppError('bad_request', 'The form could not be read: the multipart body is malformed or incomplete.');
}

async function readMultipart(request: FastifyRequest): Promise<FormInput> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!part.filename) continue;
        const filename = cleanFileName(part.filename);
        if (!filename)
          throw validationError({ [part.fieldname]: ['The file name has no printable characters: rename the file and try again.'] });
        files[part.fieldname] = { filename, mimetype: part.mimetype, data };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw formError(error);
  }
  const nul = nulCharacterError(fields);
  if (nul) throw nul;
  return { fields, files };
}

/**
 * Reads a JSON body or a multipart form (the web sends FormData with `_method=PATCH` for
 * updates, spec §7.1) into one shape. Files are buffered within the multipart size limit.
 */
export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, files: {} };
  }
  const read = multipartForms.get(request);
  if (read) return read;
  const form = await readMultipart(request);
  multipartForms.set(request, form);
  return form;
}

/** The one file of an upload, in the field `file`: a file in another field, or none, is a 422 on `file`. */
export function onlyFile(files: Record<string, UploadedFile>, missing: string): UploadedFile {
  if (Object.keys(files).some((name) => name !== 'file')) throw validationError({ file: ['Send one file, in the field "file".'] });
  if (!files.file) throw validationError({ file: [missing] });
  return files.file;
}

/** Validates form fields with a schema; failures become a 422 with messages per field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw validationError(zodIssuesToFieldErrors(result.error.issues));
  return result.data;
}

/** The fields of a create or update form, without the `_method` override the web adds to FormData. */
export async function readFormFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const { fields } = await readForm(request);
  const { _method: _ignored, ...rest } = fields;
  return rest;
}
