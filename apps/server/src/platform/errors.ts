import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { NO_SUCH_ID, setReadableValidationMessages } from '@platform/domain';

export type FieldErrors = Record<string, string[]>;

const STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  csrf_mismatch: 419,
  too_many_requests: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof STATUS;

/** The one error type of the app: a code that maps to an HTTP status, and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** For a 403 that asks for a step: its machine-readable name and when a wait ends. */
    readonly step?: { code: string; available_at?: string },
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what = 'record') => new AppError('not_found', `The ${what} could not be found.`);
export const forbidden = () => new AppError('forbidden', 'You do not have permission to do that.');
export const unauthenticated = () => new AppError('unauthenticated', 'Unauthenticated.');
export const serviceUnavailable = () => new AppError('unavailable', 'The service is temporarily unavailable. Please try again shortly.');

/**
 * An outside service (the card provider, say) that failed or did not answer: 503 with a plain
 * message, nothing changed here; the service's own error goes to the log, never to the caller.
 */
export function outsideServiceFailed(service: string, cause: unknown): AppError {
  const error = new AppError('unavailable', `${service} did not take the request, so nothing was changed. Please try again shortly.`);
  error.cause = cause;
  return error;
}

/** A 422 carrying one message per field, as the web maps them onto form fields (spec §8). */
export function validationError(errors: FieldErrors, message?: string): AppError {
  const first = Object.values(errors)[0]?.[0];
  return new AppError('validation', message ?? first ?? 'The given data was invalid.', errors);
}

export function zodIssuesToFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** Unique indexes that guard a form field: a race past the service's own check still lands on the field. */
const UNIQUE_FIELDS: Record<string, [string, string]> = {
  users_email_unique: ['email', 'The email has already been taken.'],
  attributes_subject_name_unique: ['name', 'An attribute with this name already exists.'],
  contacts_email_unique: ['email', 'Another contact already has this e-mail address.'],
  lead_statuses_name_unique: ['name', 'There is already a lead status with this name.'],
  lookup_values_list_name_unique: ['name', 'This name is already in the list.'],
  net_asset_values_fund_date_unique: ['date', 'A NAV is already recorded for this fund on this date.'],
  saved_views_user_list_name_unique: ['name', 'You already have a view with this name.'],
};

function uniqueViolation(error: unknown): AppError | null {
  const pgError = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = pgError.code === '23505' ? pgError : pgError.cause?.code === '23505' ? pgError.cause : null;
  if (!cause) return null;
  const field = cause.constraint ? UNIQUE_FIELDS[cause.constraint] : undefined;
  return field ? validationError({ [field[0]]: [field[1]] }) : new AppError('conflict', 'That record already exists.');
}

/**
 * Connection-level failures mean the service is down, not that the request was wrong: 503. So does a
 * statement the server cancelled at its timeout (57014): the request was fine, the database too slow.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '3D000',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function databaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      e.message &&
      /pool after calling end|PGlite is clos|Connection terminated|not currently accepting connections|not queryable|timeout exceeded when trying to connect|Query read timeout/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/**
 * A path id too large to be a PostgreSQL integer is well formed but names nothing: 404, as a
 * missing record. The issue carries its mark through zod (`params.reason`) and the fastify type
 * provider (`params.params.reason`).
 */
function namesNoRecord(issues: ReadonlyArray<{ params?: Record<string, unknown> }>): boolean {
  return issues.some(
    (issue) => issue.params?.reason === NO_SUCH_ID || (issue.params?.params as { reason?: string } | undefined)?.reason === NO_SUCH_ID,
  );
}

function sendAppError(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.step });
}

export function registerErrorHandler(app: FastifyInstance): void {
  setReadableValidationMessages();
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
      return sendAppError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = zodIssuesToFieldErrors(
        error.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'Invalid value.' })),
      );
      // Query-string problems are malformed requests; bodies are user input with field errors.
      if (error.validationContext === 'params' && namesNoRecord(error.validation)) return sendAppError(reply, notFound());
      if (error.validationContext === 'querystring' || error.validationContext === 'params') {
        const [field, messages] = Object.entries(fields)[0] ?? ['query', ['Invalid value.']];
        return reply.status(400).send({ message: `Invalid parameter '${field}': ${messages[0]}`, errors: fields });
      }
      return sendAppError(reply, validationError(fields));
    }
    if (error instanceof ZodError && namesNoRecord(error.issues as ReadonlyArray<{ params?: Record<string, unknown> }>))
      return sendAppError(reply, notFound());
    if (error instanceof ZodError) return sendAppError(reply, validationError(zodIssuesToFieldErrors(error.issues)));
    if (databaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendAppError(reply, serviceUnavailable());
    }
    const unique = uniqueViolation(error);
    if (unique) return sendAppError(reply, unique);
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong.' });
    }
    return reply.status(status).send({ message: error.message });
  });
}
