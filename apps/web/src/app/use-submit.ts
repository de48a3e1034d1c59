import { useRef, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { FORM_FALLBACK_ERROR } from '@platform/domain';
import { ApiError } from './api-client';
import { focusServerErrors } from './focus-first-error';
import { createSubmissionKey } from './submission-key';

/** What the action is told about its submission: money routes send the key as `idempotencyKey` (decision 0019). */
export interface Submission {
  idempotencyKey: string;
}

/**
 * Form submission as spec §5/§8 wants it: a second submit while one is running is ignored; server
 * field errors land on the matching fields (errors for fields the form does not show become the
 * form error, so nothing is lost); a string `errors`, the server message or the fallback text
 * otherwise. The submit control is usable again after a failure. Each submission carries an
 * idempotency key, kept when the same values are sent again after an attempt that may have been
 * recorded. After a refusal the first field in error (or the form's alert) gets the focus
 * (app/focus-first-error.ts).
 */
export function useSubmit<Values extends Record<string, unknown>>(
  action: (values: Values, submission: Submission) => Promise<unknown>,
  form?: UseFormReturnType<Values>,
) {
  const running = useRef(false);
  const [keys] = useState(createSubmissionKey);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(values: Values): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setSubmitting(true);
    setFormError(null);
    try {
      await action(values, { idempotencyKey: keys.keyFor(values) });
      keys.settle();
      return true;
    } catch (error) {
      keys.settle(error);
      setFormError(describeFailure(error, form));
      focusServerErrors();
      return false;
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return { submit, submitting, formError };
}

/**
 * Puts a refusal's field errors on the form's fields and answers the message left for the form as a
 * whole (errors of fields it does not show, a string `errors`, the server's message or the fallback).
 */
export function describeFailure<Values extends Record<string, unknown>>(error: unknown, form?: UseFormReturnType<Values>): string | null {
  if (!(error instanceof ApiError)) return FORM_FALLBACK_ERROR;
  if (typeof error.errors === 'string') return error.errors;
  if (error.errors && form) {
    // Errors on list items arrive as paths such as 'team.0.name', which the form knows by its first part.
    const known = new Set(Object.keys(form.getValues()));
    const isKnown = (field: string) => known.has(field.split('.')[0]);
    const onFields = Object.fromEntries(
      Object.entries(error.errors)
        .filter(([field]) => isKnown(field))
        .map(([field, messages]) => [field, messages[0]]),
    );
    form.setErrors(onFields);
    const elsewhere = Object.entries(error.errors).filter(([field]) => !isKnown(field));
    return elsewhere.length ? elsewhere[0][1][0] : null;
  }
  return error.message || FORM_FALLBACK_ERROR;
}
