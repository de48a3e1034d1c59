import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validationError, zodIssuesToFieldErrors } from './errors';

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

/**
 * Reads a JSON body or a multipart form (the web sends FormData with `_method=PATCH` for
 * updates, spec §7.1) into one shape. Files are buffered within the multipart size limit.
 */
export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: {} };
  }
  const read = multipartForms.get(request);
  if (read) return read;
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.filename) files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  multipartForms.set(request, { fields, files });
  return { fields, files };
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
