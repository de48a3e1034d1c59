import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from './errors';

/**
 * Where a value holds U+0000: PostgreSQL text cannot store it, and no form has a use for it. Paths
 * name the offending field (`name`, `items.2.label`) so the answer can point at it.
 */
function pathsWithNul(value: unknown, path: string[] = [], found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.') || 'body');
  } else if (value && typeof value === 'object' && depth < 64) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key.replaceAll('\u0000', '')].join('.'));
      pathsWithNul(item, [...path, key], found, depth + 1);
    }
  }
  return found;
}

const NUL_MESSAGE = 'Must not contain the NUL character.';

/** A 422 naming every field of a body that holds U+0000, or null when there is none. */
export function nulCharacterError(body: unknown): AppError | null {
  const fields = pathsWithNul(body);
  return fields.length ? validationError(Object.fromEntries(fields.map((field) => [field, [NUL_MESSAGE]]))) : null;
}

/** Refuses U+0000 anywhere in a path, query or JSON body before any handler sees it. */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['parameter', request.params],
      ['parameter', request.query],
    ] as const) {
      const [name] = pathsWithNul(value);
      if (name !== undefined) throw new AppError('bad_request', `Invalid ${where} '${name}': ${NUL_MESSAGE}`);
    }
    const error = request.body && typeof request.body === 'object' ? nulCharacterError(request.body) : null;
    if (error) throw error;
  });
}
