import { ApiError, newIdempotencyKey } from './api-client';

/**
 * The Idempotency-Key of a form's submission (decision 0019). Each new submission gets a fresh key;
 * submitting the same values again after an attempt that may have been recorded — no answer (the
 * timeout), a server failure, a 409 "still running" — keeps the key, so the server answers with what
 * the first attempt did instead of recording it twice.
 */
export function createSubmissionKey() {
  let current: { values: string; key: string } | null = null;
  return {
    /** The key to send with these values. */
    keyFor(values: unknown): string {
      const fingerprint = JSON.stringify(values, (_field, value: unknown) => (value instanceof Blob ? describeBlob(value) : value));
      if (current?.values !== fingerprint) current = { values: fingerprint, key: newIdempotencyKey() };
      return current.key;
    },
    /** After an attempt: a success or a final refusal ends the submission; anything else may be retried. */
    settle(error?: unknown) {
      if (error === undefined || isFinalRefusal(error)) current = null;
    },
  };
}

const RETRYABLE = new Set([409, 419, 429]);
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && !RETRYABLE.has(error.status);

const describeBlob = (blob: Blob) => ({
  type: blob.type,
  size: blob.size,
  ...(blob instanceof File ? { name: blob.name, lastModified: blob.lastModified } : {}),
});
