import { Anchor, Group, Text } from '@mantine/core';
import { FORM_FALLBACK_ERROR } from '@platform/domain';
import { formatTime } from '../app/format';
import type { AutosaveState } from '../app/use-autosave';

function describe(state: AutosaveState): string {
  switch (state.kind) {
    case 'idle':
      return 'Changes to this draft save by themselves.';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved at ${formatTime(state.at.toISOString())}`;
    case 'invalid':
      return `Not saved: ${state.message ?? 'correct the fields marked.'}`;
    case 'failed':
      return `Not saved: ${state.message ?? FORM_FALLBACK_ERROR}`;
  }
}

/**
 * The "Saved" line of a draft form: read out politely as it changes (aria-live), with a way to
 * try again after a failed save. `retry` saves what the form holds now.
 */
export function AutosaveStatus({ state, retry }: { state: AutosaveState; retry: () => void }) {
  const trouble = state.kind === 'invalid' || state.kind === 'failed';
  return (
    <Group gap="xs">
      <Text role="status" aria-live="polite" size="sm" c={trouble ? 'red.8' : 'dimmed'}>
        {describe(state)}
      </Text>
      {state.kind === 'failed' && (
        <Anchor component="button" type="button" size="sm" onClick={retry}>
          Try again
        </Anchor>
      )}
    </Group>
  );
}
