import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that starts after the answer has gone, so neither the answer nor its timing can tell what
 * the work found (whether an account exists, say). It lives in the process: the app waits for it
 * on close; a crash before it ran loses it, which is acceptable only for work the person can ask
 * for again (a reset link, a registration). Failures are logged, never reported to the caller.
 */
export function createBackgroundWork(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err) => log.error({ err }, `${label} failed`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    /** Resolves once nothing is pending, including work queued by work that was pending. */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
