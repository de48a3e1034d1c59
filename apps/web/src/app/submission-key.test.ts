import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createSubmissionKey } from './submission-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const reservation = { amount: '1000', accept_terms: true };

describe('the idempotency key of a form submission', () => {
  it('is a fresh UUID for each new submission once the last one was recorded', () => {
    const keys = createSubmissionKey();
    const first = keys.keyFor(reservation);
    keys.settle();
    const second = keys.keyFor(reservation);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it.each([
    ['no answer (the timeout)', new ApiError(0, 'The request failed: timeout or no response from the server.')],
    ['a server failure', new ApiError(500, 'Something went wrong.')],
    ['the first attempt still running', new ApiError(409, 'A request with this Idempotency-Key is still being processed.')],
    ['an error that is not an answer', new TypeError('Failed to fetch')],
  ])('is kept when the same values are sent again after %s', (_case, error) => {
    const keys = createSubmissionKey();
    const first = keys.keyFor(reservation);
    keys.settle(error);
    expect(keys.keyFor({ ...reservation })).toBe(first);
  });

  it('is new after a final refusal, or when the values changed', () => {
    const keys = createSubmissionKey();
    const first = keys.keyFor(reservation);
    keys.settle(new ApiError(422, 'The amount is below the minimum.', { amount: ['The amount is below the minimum.'] }));
    const afterRefusal = keys.keyFor(reservation);
    expect(afterRefusal).not.toBe(first);
    keys.settle(new ApiError(0, 'The request failed: timeout or no response from the server.'));
    expect(keys.keyFor({ ...reservation, amount: '2000' })).not.toBe(afterRefusal);
  });

  it('tells two files apart by name, size and type', () => {
    const keys = createSubmissionKey();
    const first = keys.keyFor({ file: new File(['a'], 'passport.pdf', { type: 'application/pdf', lastModified: 1 }) });
    keys.settle(new ApiError(0, 'timeout'));
    expect(keys.keyFor({ file: new File(['a'], 'passport.pdf', { type: 'application/pdf', lastModified: 1 }) })).toBe(first);
    expect(keys.keyFor({ file: new File(['ab'], 'licence.pdf', { type: 'application/pdf', lastModified: 1 }) })).not.toBe(first);
  });
});
