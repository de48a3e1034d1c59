import { healthSchema, healthUnavailableSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';

/** 200 when the app and its database answer, 503 otherwise (the web's maintenance page polls it). */
export function registerHealthRoutes(app: App, { database }: AppContext) {
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthUnavailableSchema } } }, async (_request, reply) => {
    try {
      await database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: database.kind });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unavailable');
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
}
