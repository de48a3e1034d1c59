import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { RICH_TEXT_VIDEO_HOSTS } from '@platform/domain';

/**
 * Helmet's security headers on every answer: a content security policy that allows only this
 * origin (plus inline styles, data/blob pictures, the realtime socket and the two video players a
 * rich text may embed), no framing by other sites, HSTS, no MIME sniffing, no referrer. A route
 * that answers a stored file sets its own stricter policy over this one.
 *
 * The middleware is built once, at start-up. The Fastify plugin (`@fastify/helmet`) built it again
 * for every request, parsing the policy each time: about a twentieth of a small API answer's cost
 * (decision 0048).
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      // The players a rich-text video may embed (decision 0042).
      frameSrc: RICH_TEXT_VIDEO_HOSTS.map((host) => `https://${host}`),
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
});

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
