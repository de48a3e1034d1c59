import type { FastifyInstance, FastifyRequest, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
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
/**
 * Answers are checked by parsing them with their schema, then written as JSON. The provider's own
 * serializer encodes instead (zod's reverse direction, for codecs, which the contract has none of),
 * and encoding skips zod's compiled fast path: 1.6 ms against 0.4 ms for a portfolio of 500
 * holdings (docs/benchmarks.md).
 */
const serializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };

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
