import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

/** 200 when the app and its database answer, 503 otherwise (the web's maintenance page polls it). */
export function registerHealthRoutes(app: FastifyInstance, { database }: AppContext) {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: database.kind });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unavailable');
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
}
