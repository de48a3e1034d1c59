import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Action, dataOf, idParams, noContent, pageOf } from '@platform/domain';
import type { App } from './context';
import type { Guard } from './guards';
import type { Page } from './list-query';

/**
 * One way to build a standard resource (docs/architecture.md, "Routes and the contract"): the
 * module hands over its contract schemas, its guard and its service functions; this registers
 * list, show, create, update (PATCH, and POST for forms) and delete on the typed app, each with its
 * params, query, body and responses declared. A resource offers only the operations it is given.
 * Routes beyond these five (exports, sub-collections) sit beside it in the module.
 */
export interface ResourceDefinition<
  Item extends z.ZodType,
  ListQ extends z.ZodType,
  ShowQ extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  DeleteQ extends z.ZodType,
> {
  /** The collection's URL, e.g. /api/notes; one record is `${path}/:id`. */
  path: string;
  /** The response schema of one record. */
  item: Item;
  /** The `onRequest` guard for the permission action (any one of them). */
  guard(...actions: Action[]): Guard;
  /** `paged`: a page (`pageOf`); otherwise every record at once (`{ data: [...] }`). */
  list?: {
    query: ListQ;
    paged: boolean;
    run(request: FastifyRequest, query: z.output<ListQ>): Promise<Page<z.input<Item>> | z.input<Item>[]>;
  };
  show?: { query?: ShowQ; run(request: FastifyRequest, id: number, query: z.output<ShowQ>): Promise<z.input<Item>> };
  create?: { body: Create; run(request: FastifyRequest, body: z.output<Create>): Promise<z.input<Item>> };
  update?: { body: Update; run(request: FastifyRequest, id: number, body: z.output<Update>): Promise<z.input<Item>> };
  /** `actions`: who may delete (default `delete`); `query` for variants such as `?permanent=1`. */
  remove?: { actions?: Action[]; query?: DeleteQ; run(request: FastifyRequest, id: number, query: z.output<DeleteQ>): Promise<void> };
}

export function registerResource<
  Item extends z.ZodType,
  ListQ extends z.ZodType,
  ShowQ extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  DeleteQ extends z.ZodType,
>(app: App, resource: ResourceDefinition<Item, ListQ, ShowQ, Create, Update, DeleteQ>): void {
  const { path, guard, list, show, create, update, remove } = resource;
  // Fastify cannot resolve a generic schema's types, so the routes here see plain schemas and the
  // one step from the validated input to the service's typed argument is taken here, not in modules.
  const item: z.ZodType = resource.item;
  const one = dataOf(item);
  const none = z.object({});

  if (list) {
    app.route({
      method: 'GET',
      url: path,
      schema: { querystring: list.query as z.ZodType, response: { 200: list.paged ? pageOf(item) : dataOf(item.array()) } },
      onRequest: guard('index'),
      handler: async (request) => {
        const answer = await list.run(request, request.query as z.output<ListQ>);
        return Array.isArray(answer) ? { data: answer } : answer;
      },
    });
  }

  if (show) {
    app.route({
      method: 'GET',
      url: `${path}/:id`,
      schema: { params: idParams, querystring: (show.query as z.ZodType | undefined) ?? none, response: { 200: one } },
      onRequest: guard('show'),
      handler: async (request) => ({ data: await show.run(request, request.params.id, request.query as z.output<ShowQ>) }),
    });
  }

  if (create) {
    app.route({
      method: 'POST',
      url: path,
      schema: { body: create.body as z.ZodType, response: { 201: one } },
      onRequest: guard('create'),
      handler: async (request, reply) => reply.status(201).send({ data: await create.run(request, request.body as z.output<Create>) }),
    });
  }

  if (update) {
    app.route({
      method: ['PATCH', 'POST'],
      url: `${path}/:id`,
      schema: { params: idParams, body: update.body as z.ZodType, response: { 200: one } },
      onRequest: guard('update'),
      handler: async (request) => ({ data: await update.run(request, request.params.id, request.body as z.output<Update>) }),
    });
  }

  if (remove) {
    app.route({
      method: 'DELETE',
      url: `${path}/:id`,
      schema: { params: idParams, querystring: (remove.query as z.ZodType | undefined) ?? none, response: { 204: noContent } },
      onRequest: guard(...(remove.actions ?? ['delete'])),
      handler: async (request, reply) => {
        await remove.run(request, request.params.id, request.query as z.output<DeleteQ>);
        return reply.status(204).send(null);
      },
    });
  }
}
