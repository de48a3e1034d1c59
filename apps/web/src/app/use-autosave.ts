import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { AUTOSAVE_DEBOUNCE_MS } from '@platform/domain';
import { ApiError } from './api-client';
import { describeFailure } from './use-submit';

/** Where a draft's autosave stands, as the form's "Saved" line tells it. */
export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** The server refused the draft's fields: their messages are on the fields, `message` holds any other. */
  | { kind: 'invalid'; message: string | null }
  /** No answer, a conflict or a server error: nothing was saved and the person may try again. */
  | { kind: 'failed'; message: string | null };

interface AutosaveOptions<V> {
  /** Sends the draft through the record's own update route (and its validation). */
  save: (values: V) => Promise<unknown>;
  /** A refusal, to show on the form; answers the message for the form as a whole. */
  refused: (error: unknown) => string | null;
  delayMs?: number;
  now?: () => Date;
}

/**
 * The autosave of a draft, apart from React so its timing can be tested with fake timers: a save
 * `delayMs` after the last change, none while the values are those last saved, one save at a time
 * (an autosave and a manual save never overlap, so a slower answer cannot overwrite a newer one).
 */
export function createAutosave<V>(initial: V, enabled: boolean, options: AutosaveOptions<V>) {
  const delayMs = options.delayMs ?? AUTOSAVE_DEBOUNCE_MS;
  let saved = JSON.stringify(initial);
  let latest = initial;
  let latestText = saved;
  let on = enabled;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let state: AutosaveState = { kind: 'idle' };
  /** What the line said after the last save that went through, for when the values come back to it. */
  let lastSaved: AutosaveState = state;
  const listeners = new Set<() => void>();
  const set = (next: AutosaveState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const serialised = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const markSaved = () => {
    lastSaved = { kind: 'saved', at: options.now?.() ?? new Date() };
    set(lastSaved);
  };

  async function saveLatest() {
    const values = latest;
    const text = latestText;
    if (!on || text === saved) return;
    set({ kind: 'saving' });
    try {
      await options.save(values);
      saved = text;
      markSaved();
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 422;
      const message = options.refused(error);
      set({ kind: refused ? 'invalid' : 'failed', message });
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getState: () => state,
    /** The form's values now: the wait starts again, and ends without a save if they are those last saved. */
    change(values: V) {
      const text = JSON.stringify(values);
      if (text === latestText && timer) return;
      latest = values;
      latestText = text;
      cancel();
      if (!on) return;
      if (text === saved) {
        // Back to what was saved (a refused field undone): nothing to send, and nothing wrong any more.
        if (state.kind === 'invalid' || state.kind === 'failed') set(lastSaved);
        return;
      }
      timer = setTimeout(() => {
        timer = null;
        void serialised(saveLatest);
      }, delayMs);
    },
    /** Saves what the form holds now, without waiting (the "Try again" of a failed save). */
    saveNow(): Promise<void> {
      cancel();
      return serialised(saveLatest);
    },
    /**
     * A manual save of `values`: the waiting autosave is dropped, one already sent is answered first,
     * and what the task saved becomes what later changes are compared with.
     */
    manual<T>(values: V, task: () => Promise<T>): Promise<T> {
      cancel();
      return serialised(async () => {
        const result = await task();
        saved = JSON.stringify(values);
        markSaved();
        return result;
      });
    },
    /** Only a draft saves itself: a record that is no longer one stops here. */
    setEnabled(enabled: boolean) {
      on = enabled;
      if (!enabled) cancel();
    },
    dispose: cancel,
  };
}

/**
 * Autosave of a draft form (spec §9, AUTOSAVE_DEBOUNCE_MS after typing stops), with `enabled` only
 * while the record is a draft. Answers where it stands, a manual save that waits its turn, and a retry.
 */
export function useAutosave<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  { enabled, save }: { enabled: boolean; save: (values: V) => Promise<unknown> },
) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const [autosave] = useState(() =>
    createAutosave(form.getValues(), enabled, {
      save: (values) => saveRef.current(values),
      refused: (error) => describeFailure(error, form),
    }),
  );
  const state = useSyncExternalStore(autosave.subscribe, autosave.getState);
  useEffect(() => autosave.setEnabled(enabled), [autosave, enabled]);
  useEffect(() => autosave.change(form.values), [autosave, form.values]);
  useEffect(() => autosave.dispose, [autosave]);
  return { state, manual: autosave.manual, retry: autosave.saveNow };
}
