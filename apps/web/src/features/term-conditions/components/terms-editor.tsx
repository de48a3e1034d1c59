import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { ApiError } from '../../../app/api-client';
import { FormError } from '../../../ui/form-error';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { useSaveTerms } from '../api/term-conditions';

/**
 * Writes a new version of an opportunity's terms (from the current text) or corrects one nobody has
 * accepted (`versionId`). Loaded on demand: the editor is large.
 */
export function TermsEditor({
  opportunityId,
  versionId,
  initial,
  asksInvestors,
  onDone,
}: {
  opportunityId: number;
  versionId?: number;
  initial: string;
  /** Publishing asks the investors of unpaid investments to accept the new version. */
  asksInvestors: boolean;
  onDone: () => void;
}) {
  const [body, setBody] = useState(initial);
  const save = useSaveTerms(opportunityId);
  const fieldError = save.error instanceof ApiError && typeof save.error.errors === 'object' ? save.error.errors.body?.[0] : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: versionId, body }, { onSuccess: onDone });
      }}
    >
      <Stack gap="md">
        {!versionId && asksInvestors && (
          <Alert variant="light" color="orange">
            Investors whose investments are not yet paid will be notified and asked to accept the new version. Paid investments keep the
            version they accepted.
          </Alert>
        )}
        <RichTextEditor label="Terms" minHeight={240} value={body} onChange={setBody} error={fieldError} />
        <FormError message={save.error && !fieldError ? save.error.message : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {versionId ? 'Save the correction' : 'Publish the new version'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
