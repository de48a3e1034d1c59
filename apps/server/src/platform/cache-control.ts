import type { FastifyInstance } from 'fastify';

/** The API and the session endpoints: their answers carry people's details, holdings and money. */
const PRIVATE_PATHS = /^\/(api\/|login(\/|$)|logout$|sanctum\/|password\/|email\/)/;

/**
 * Answers of the API are never kept by a browser's cache or a proxy (`no-store`): on a shared
 * computer, the back button or a cache on disk would otherwise show one person's investments to
 * the next. A route that sets its own cache-control (public branding, opportunity images) keeps it.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && PRIVATE_PATHS.test(request.url.split('?')[0])) reply.header('cache-control', 'no-store');
    return payload;
  });
}
