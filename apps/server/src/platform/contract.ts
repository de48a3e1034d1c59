import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorBody } from '@platform/domain';
import { readForm } from './form';

/**
 * The API contract at run time (docs/architecture.md, "Routes and the contract"):
 * - params, query and body are parsed by their zod schemas, answers checked against theirs (an
 *   answer that does not match is a 500, logged: a test reaching the route fails);
 * - every route that declares responses also answers its errors in the one error shape;
 * - a multipart form becomes the request body before validation, so JSON and FormData go through
 *   the same declared `body` schema (the `_method` override the web adds to FormData is dropped);
 * - a list asked for `fields[...]` is checked whole against its schema, then cut to those fields.
 */
export function registerContract(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !('4xx' in response)) response['4xx'] = errorBody;
    if (response && !('5xx' in response)) response['5xx'] = errorBody;
  });

  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.schema?.body) return;
    if (request.isMultipart()) request.body = (await readForm(request)).fields;
    if (request.body && typeof request.body === 'object' && '_method' in request.body) {
      const { _method: _override, ...fields } = request.body as Record<string, unknown>;
      request.body = fields;
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const fields = sparseFields.get(request);
    if (!fields || typeof payload !== 'string') return payload;
    const page = JSON.parse(payload) as { data?: unknown };
    if (!Array.isArray(page.data)) return payload;
    const keep = new Set(['id', ...fields]);
    page.data = page.data.map((row: object) => Object.fromEntries(Object.entries(row).filter(([key]) => keep.has(key))));
    return JSON.stringify(page);
  });
}

const sparseFields = new WeakMap<FastifyRequest, string[]>();

/** Asks for this request's list answer to be cut to `id` and `fields` once it has been checked. */
export function cutToFields(request: FastifyRequest, fields: string[] | null): void {
  if (fields) sparseFields.set(request, fields);
}
