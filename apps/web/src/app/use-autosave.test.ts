import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DEBOUNCE_MS } from '@platform/domain';
import { ApiError } from './api-client';
import { createAutosave } from './use-autosave';

type Draft = { title: string };

/** A save whose answer the test gives when it wants. */
function deferredSave() {
  const calls: { values: Draft; answer: () => void; refuse: (error: unknown) => void }[] = [];
  const save = vi.fn(
    (values: Draft) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ values, answer: resolve, refuse: reject });
      }),
  );
  return { save, calls };
}

const at = new Date('2026-11-25T14:03:00Z');
const setup = (save: (values: Draft) => Promise<unknown>, refused = vi.fn((): string | null => null)) =>
  createAutosave<Draft>({ title: 'First' }, true, { save, refused, now: () => at });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('draft autosave', () => {
  it('waits the spec’s 3000 ms', () => {
    expect(AUTOSAVE_DEBOUNCE_MS).toBe(3000);
  });

  it('saves once, 3000 ms after the last change and not before, with the latest values', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = setup(save);
    autosave.change({ title: 'Fi' });
    await vi.advanceTimersByTimeAsync(2000);
    autosave.change({ title: 'Final' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: 'Final' });
    expect(autosave.getState()).toEqual({ kind: 'saved', at });
    await vi.advanceTimersByTimeAsync(10 * AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not save when nothing changed, or when the values are back to those saved', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = setup(save);
    autosave.change({ title: 'First' });
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    autosave.change({ title: 'Firs' });
    autosave.change({ title: 'First' });
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    expect(save).not.toHaveBeenCalled();
    expect(autosave.getState()).toEqual({ kind: 'idle' });
  });

  it('never saves while it is not a draft', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = setup(save);
    autosave.change({ title: 'Changed' });
    autosave.setEnabled(false);
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    autosave.change({ title: 'Changed again' });
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    expect(save).not.toHaveBeenCalled();
  });

  it('a manual save drops the waiting autosave and waits for one already sent, so the later write lands last', async () => {
    const { save, calls } = deferredSave();
    const autosave = setup(save);
    autosave.change({ title: 'Typed' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState()).toEqual({ kind: 'saving' });
    autosave.change({ title: 'Typed more' });
    const manualTask = vi.fn(async () => 'done');
    const manual = autosave.manual({ title: 'Typed more' }, manualTask);
    await vi.advanceTimersByTimeAsync(0);
    expect(manualTask).not.toHaveBeenCalled();
    calls[0].answer();
    await expect(manual).resolves.toBe('done');
    expect(manualTask).toHaveBeenCalledTimes(1);
    // The autosave that was waiting for "Typed more" was dropped: the manual save sent it.
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.getState()).toEqual({ kind: 'saved', at });
  });

  it('puts a refusal on the fields and keeps the values, and offers a retry after a failure', async () => {
    const { save, calls } = deferredSave();
    const refused = vi.fn((): string | null => null);
    const autosave = setup(save, refused);
    autosave.change({ title: '' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    const refusal = new ApiError(422, 'The given data was invalid.', { title: ['Enter a title.'] });
    calls[0].refuse(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenCalledWith(refusal);
    expect(autosave.getState()).toEqual({ kind: 'invalid', message: null });
    // Undoing the refused change brings back what was saved: nothing to send, nothing wrong.
    autosave.change({ title: 'First' });
    expect(autosave.getState()).toEqual({ kind: 'idle' });
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);

    autosave.change({ title: 'Quarterly update' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    const noAnswer = new ApiError(0, 'No answer');
    refused.mockReturnValueOnce('No answer');
    calls[1].refuse(noAnswer);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenLastCalledWith(noAnswer);
    expect(autosave.getState()).toEqual({ kind: 'failed', message: 'No answer' });
    // Nothing changed since, so no save by itself; "Try again" sends the same values.
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(2);
    const retry = autosave.saveNow();
    await vi.advanceTimersByTimeAsync(0);
    calls[2].answer();
    await retry;
    expect(calls[2].values).toEqual({ title: 'Quarterly update' });
    expect(autosave.getState()).toEqual({ kind: 'saved', at });
  });
});
