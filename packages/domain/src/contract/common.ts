import { z } from 'zod';

/**
 * The shapes every route shares: the `{ data }` and list envelopes, error bodies, files and empty
 * answers, and the list query (filters, sorts, includes) a list route declares. Module contracts
 * (`./<module>.ts`) build their routes' schemas from these; the server declares them on each route
 * and the web infers its types from them.
 */

/** `{ data: T }`: one record, or a small unpaged collection. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;
export const pageLinks = z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() });
export type PageLinks = z.infer<typeof pageLinks>;

/**
 * A page of a list. With `fields[<name>]=a,b` each item carries only `id` and the fields named
 * (the full item is checked against the schema first, then cut down).
 */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta, links: pageLinks });

/** Every 4xx and 5xx answer: a sentence to show, and for a 422 the messages per form field. */
export const errorBody = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    code: z.string().optional(),
    available_at: z.string().optional(),
  })
  .meta({
    id: 'Error',
    description:
      'What went wrong; `errors` holds messages per field (422) or per parameter (400); `code` names the step a 403 asks for, `available_at` when a wait ends.',
  });

/** A downloaded file (an export, a document, a generated PDF): its bytes, not JSON. */
export const fileBody = z.string().meta({ description: 'The file itself; its type is in Content-Type.', format: 'binary' });

/** 204: no body. */
export const noContent = z.null().meta({ description: 'No content.' });

/** A record named in another's answer: `{ id, name }`. */
export const namedRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * What a list route lets its query ask for; the server maps each name to SQL (platform/list-query.ts)
 * and refuses anything else with a 400 naming what is allowed.
 */
export interface ListSpec {
  /** The `fields[...]` key, e.g. 'users'. */
  name: string;
  filters: readonly string[];
  sorts: readonly string[];
  includes?: readonly string[];
  fields?: readonly string[];
  appends?: readonly string[];
  /** The kinds `type=` may name (spec §7), e.g. investor and staff users; a list without kinds refuses `type`. */
  types?: readonly string[];
  /** Other query parameters the route itself declares (e.g. `format`, `update`). */
  params?: readonly string[];
  /**
   * The list takes `after`, the id of the previous page's last row, and reads the next page from
   * there through its sort index instead of counting past every row before it (`links.next` carries it).
   */
  keyset?: boolean;
}

/** The query string of a list route, documented from its spec. Unknown keys reach the server's own check. */
export function listQuery(spec: ListSpec) {
  const text = (description: string) => z.string().optional().meta({ description });
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {
    sort: text(`Comma-separated; '-' before a name sorts descending. One of: ${spec.sorts.join(', ')}.`),
    page: text('Page number, from 1.'),
    per_page: text('Items per page.'),
  };
  if (spec.keyset)
    shape.after = text(
      "The id of the previous page's last row, as `links.next` gives it: the page is read from there. An id not in the list is ignored.",
    );
  for (const filter of spec.filters) shape[`filter[${filter}]`] = text(`Filter on ${filter}.`);
  if (spec.includes?.length) shape.include = text(`Comma-separated relations to embed: ${spec.includes.join(', ')}.`);
  if (spec.appends?.length) shape.append = text(`Comma-separated extra figures: ${spec.appends.join(', ')}.`);
  if (spec.fields?.length)
    shape[`fields[${spec.name}]`] = text(`Comma-separated fields to return (id is always kept): ${spec.fields.join(', ')}.`);
  if (spec.types?.length) shape.type = text(`Comma-separated kinds to list: ${spec.types.join(', ')}.`);
  for (const param of spec.params ?? []) shape[param] = text(param);
  return z.looseObject(shape);
}
