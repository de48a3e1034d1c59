import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from './errors';

/**
 * Graceful stop. Once draining, every new request — on a new connection or a kept-alive one —
 * answers 503 with `Connection: close` (a load balancer's health check sees it and sends traffic
 * elsewhere), while the requests already running finish. Registered before any other hook, so a
 * refused request costs no database work.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  let settle: (() => void) | null = null;

  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('connection', 'close').header('retry-after', '5');
      throw serviceUnavailable();
    }
    inFlight += 1;
    // 'close' fires whether the answer was sent or the client went away.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) settle?.();
    });
  });

  return {
    inFlight: () => inFlight,
    /** Refuses new requests and resolves once the running ones are done, or when `timeoutMs` runs out (false). */
    drain(timeoutMs: number): Promise<boolean> {
      draining = true;
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        settle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}
