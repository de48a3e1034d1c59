import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import { DEFAULT_FONT } from '@platform/domain';
import type { Database, Db } from './db/client';
import { createBackgroundWork } from './platform/background';
import { registerNoStore } from './platform/cache-control';
import { systemClock, type Clock } from './platform/clock';
import { registerDraining } from './platform/draining';
import { UPLOAD_LIMITS } from './platform/form';
import { registerContract } from './platform/contract';
import { registerErrorHandler } from './platform/errors';
import { scheduleHousekeeping } from './platform/housekeeping';
import { registerIdempotency } from './platform/idempotency';
import { refuseNulCharacters } from './platform/input';
import { createMailer } from './platform/mail';
import { registerRateLimits } from './platform/rate-limit';
import { registerSecurityHeaders } from './platform/security-headers';
import { loadAppKey } from './platform/secrets';
import { openStorage } from './platform/open-storage';
import { registerSessions, SESSION_COOKIE } from './platform/session';
import { FIRST_PAINT_SLOT, investorPages } from './platform/first-paint';
import { flagOn, loadSettings } from './shared/settings';
import { createRealtime } from './platform/realtime';
import type { AppContext } from './platform/context';
import { registerAccountingRoutes } from './modules/accounting/routes';
import { registerApiTokenRoutes } from './modules/api-tokens/routes';
import { registerTriggerRoutes } from './modules/triggers/routes';
import { registerAttributeRoutes } from './modules/attributes/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerAccountSecurityRoutes } from './modules/account-security/routes';
import { registerCompanyRoutes } from './modules/companies/routes';
import { registerContactRoutes } from './modules/contacts/routes';
import { registerQuestionnaireRoutes } from './modules/questionnaires/routes';
import { registerImportRoutes } from './modules/imports/routes';
import { registerComplianceRoutes } from './modules/compliance/routes';
import { registerDealRoutes } from './modules/deals/routes';
import { registerPlacementRoutes } from './modules/placements/routes';
import { registerFundRoutes } from './modules/funds/routes';
import { registerHolderRoutes } from './modules/holders/routes';
import { registerInvestmentMethodRoutes } from './modules/investment-methods/routes';
import { registerNomineeRoutes } from './modules/nominees/routes';
import { registerOrganisationRoutes } from './modules/organisations/routes';
import { registerOpportunityRoutes } from './modules/opportunities/routes';
import { registerInvestmentRoutes } from './modules/investments/routes';
import { registerOwnershipChoiceRoutes } from './modules/ownership-choices/routes';
import { registerInsiderRegisterRoutes } from './modules/insider-register/routes';
import { registerEvidencePackRoutes } from './modules/evidence-pack/routes';
import { registerScreeningRoutes } from './modules/screening/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerStaffNotificationRoutes } from './modules/notifications/staff';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerCashCallRoutes } from './modules/payments/cash-call-routes';
import { registerBankStatementRoutes } from './modules/bank-statements/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerPerformanceRoutes } from './modules/performance/routes';
import { registerPreEmptionRoutes } from './modules/pre-emption/routes';
import { registerTaxRoutes } from './modules/tax/routes';
import { registerSubsequentInvestmentRoutes } from './modules/subsequent-investments/routes';
import { registerPipelineRoutes } from './modules/pipelines/routes';
import { registerLibraryRoutes } from './modules/library/routes';
import { registerRecordRoutes } from './modules/records/routes';
import { registerReportRoutes } from './modules/reports/routes';
import { registerStatementRoutes } from './modules/statements/routes';
import { registerWipReportRoutes } from './modules/wip-reports/routes';
import { registerKpiRoutes } from './modules/kpis/routes';
import { registerKpiRequestRoutes } from './modules/kpis/request-routes';
import { registerLookupRoutes } from './modules/lookups/routes';
import { registerListPreferenceRoutes } from './modules/list-preferences/routes';
import { registerPortfolioSettingsRoutes } from './modules/portfolio-settings/routes';
import { registerSignUpDocumentRoutes } from './modules/sign-up-documents/routes';
import { registerTermConditionRoutes } from './modules/term-conditions/routes';
import { registerRewardRoutes } from './modules/rewards/routes';
import { registerSupportRoutes } from './modules/support/routes';
import { registerUpdateReportRoutes } from './modules/update-reports/routes';
import { registerRichTextImageRoutes } from './modules/rich-text-images/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerStatsRoutes } from './modules/stats/routes';
import { registerInvestorRoutes } from './modules/users/investor-routes';
import { registerInvitationRoutes } from './modules/users/invitations';
import { registerUserRoutes } from './modules/users/routes';
import { registerStaffRoutes } from './modules/users/staff-routes';
import { registerSignPdfRoutes } from './modules/users/sign-pdf';

/** The front page of /api/docs: how to call the API from outside, and what triggers send (decision 0066). */
const API_DESCRIPTION = `
## Calling the API with a token
Create a personal API token under **Settings › API tokens** (staff holding the integrations permission). Send it on every request:
\`Authorization: Bearer pat_…\`. The token acts as you with your role at the time of the request — a token can never do more than
you can now — or, when made read-only, may only read (GET). It stops working when revoked, on its expiry day, or when your account is
removed or is no longer staff. A request with a token ignores any cookie and needs no XSRF header. Wrong tokens are rate-limited per
network (429). Tokens cannot create or list tokens: that needs a signed-in session.

## Webhooks sent by triggers
Under **Settings › Triggers** staff send events (investment reserved, cash call issued, payment received, opportunity status changed,
update report published, investor categorised, KYC state changed) to an address as a POST of JSON
\`{ "id": event id, "event": name, "occurred_at": ISO time, "data": {…} }\` with these headers:

- \`X-Platform-Timestamp\`: Unix seconds when this attempt was sent.
- \`X-Platform-Delivery\`: a UUID per delivery (the same across automatic retries, new on a replay by hand).
- \`X-Platform-Event\`: the event's name.
- \`X-Platform-Signature\`: \`v1=\` + hex HMAC-SHA256, keyed with the trigger's secret, of \`<timestamp>.<raw body>\`.

A receiver recomputes the signature over the raw body (constant-time compare), refuses a timestamp more than 300 seconds from its
clock, and refuses a delivery id it has already accepted (keep ids at least 300 seconds). Answer 2xx to accept; anything else (or no
answer within 10 seconds, or a redirect) is retried after 1, 2, 4… minutes (at most 6 hours apart, 8 attempts).
`;

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean | object;
  /** Sees every route as it is registered (the route inventory test reads their guards). */
  onRoute?: onRouteHookHandler;
}

export async function buildApp({ config, database, clock = systemClock, logger, onRoute }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Closing comes after draining (platform/draining.ts): whatever connection is still open then
    // is idle or overdue, and is cut rather than waited for.
    forceCloseConnections: true,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  registerErrorHandler(app);
  registerContract(app);
  const draining = registerDraining(app);
  refuseNulCharacters(app);
  // pusher-js posts its channel authorisation as a form; nothing else uses this encoding.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const db = database.db;
  const appKey = await loadAppKey(db, config.appKey);
  const background = createBackgroundWork(app.log);
  const mailer = createMailer({ db, clock, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const realtime = createRealtime({ appKey: config.pusherKey, appSecret: appKey, databaseUrl: config.databaseUrl, logger: app.log });

  registerSecurityHeaders(app);
  // Every text answer above 1 KB (JSON, HTML, CSV…) is compressed on the fly; the built web app's
  // files come precompressed from the build instead (registerWebApp). Brotli at quality 4 costs about
  // what gzip does per byte, so a large export is not slowed by it (docs/decisions/0043).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(cookie);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await registerRateLimits(app, db, clock);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Investor platform API', version: '1.0.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token from Settings › API tokens, sent as `Authorization: Bearer pat_…`. It acts with its owner’s current role (or only reads); no cookie or XSRF header is needed or used.',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'platform_session',
            description: 'The web app’s session cookie, with the X-XSRF-TOKEN header on writes.',
          },
        },
      },
      security: [{ apiToken: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const sessions = registerSessions(app, { db, clock, appKey, secureCookies: config.secureCookies });
  registerNoStore(app);
  registerIdempotency(app, { db, clock });
  scheduleHousekeeping(app, { db, clock, sessions });
  const storage = await openStorage(config);
  const ctx: AppContext = { config, database, db, clock, mailer, background, sessions, realtime, storage, appKey };

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerAccountSecurityRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerInvestorRoutes(app, ctx);
  registerInvitationRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerSignPdfRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerLookupRoutes(app, ctx);
  registerPortfolioSettingsRoutes(app, ctx);
  registerSignUpDocumentRoutes(app, ctx);
  registerTermConditionRoutes(app, ctx);
  registerRewardRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerStaffNotificationRoutes(app, ctx);
  registerStatsRoutes(app, ctx);
  registerPipelineRoutes(app, ctx);
  registerDealRoutes(app, ctx);
  registerPlacementRoutes(app, ctx);
  registerFundRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerRecordRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerQuestionnaireRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerStatementRoutes(app, ctx);
  registerWipReportRoutes(app, ctx);
  registerKpiRoutes(app, ctx);
  registerKpiRequestRoutes(app, ctx);
  registerUpdateReportRoutes(app, ctx);
  registerLibraryRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerRichTextImageRoutes(app, ctx);
  registerOpportunityRoutes(app, ctx);
  registerHolderRoutes(app, ctx);
  registerOrganisationRoutes(app, ctx);
  registerInvestmentMethodRoutes(app, ctx);
  registerNomineeRoutes(app, ctx);
  registerPerformanceRoutes(app, ctx);
  registerPreEmptionRoutes(app, ctx);
  registerTaxRoutes(app, ctx);
  registerSubsequentInvestmentRoutes(app, ctx);
  registerInvestmentRoutes(app, ctx);
  registerOwnershipChoiceRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerCashCallRoutes(app, ctx);
  registerBankStatementRoutes(app, ctx);
  registerAccountingRoutes(app, ctx);
  registerApiTokenRoutes(app, ctx);
  registerTriggerRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerComplianceRoutes(app, ctx);
  registerAttributeRoutes(app, ctx);
  registerInsiderRegisterRoutes(app, ctx);
  registerEvidencePackRoutes(app, ctx);
  registerScreeningRoutes(app, ctx);
  registerListPreferenceRoutes(app, ctx);
  await registerWebApp(app, config.webDist, db);

  app.addHook('onReady', async () => {
    realtime.attach(app.server);
    mailer.start();
  });
  // Shutdown order: the sockets go before the HTTP server closes (an open WebSocket would keep it
  // open), then — once the server has closed — the mail worker and the realtime bus; the caller
  // closes the database last.
  app.addHook('preClose', async () => {
    await realtime.disconnectSockets();
  });
  app.addHook('onClose', async () => {
    await background.settled();
    await mailer.stop();
    await realtime.close();
  });
  return { app, ctx, drain: draining.drain };
}

/**
 * The data each signed-in page asks for as it first draws, by path, as the web build wrote it
 * (apps/web/src/app/first-requests.ts); none when the build has no such file.
 */
function readPageRequests(webDist: string): Record<string, string[]> {
  const file = path.join(webDist, '.vite', 'page-requests.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/**
 * Serves the built web app (when built); every other GET that is not an API call or a file gets
 * index.html, and the web app's router decides what to show — its own error page included. To a
 * request with a session, a page's shell names that page's first data requests in a `Link:
 * rel=preload` header, so the browser fetches them while the code downloads (decision 0074), and
 * an investor page's shell draws the risk warning before the code has run (decision 0079).
 */
async function registerWebApp(app: FastifyInstance, webDist: string, db: Db) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const pageRequests = hasWeb ? readPageRequests(webDist) : {};
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  const investorPage = indexHtml.includes(FIRST_PAINT_SLOT) ? investorPages(indexHtml) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts): served
      // as they are, per the request's Accept-Encoding, with Vary: Accept-Encoding.
      preCompressed: true,
      // Hashed bundles never change; everything else is revalidated.
      setHeaders: (reply, file) =>
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (!hasWeb || request.method !== 'GET' || pathname.startsWith('/api/') || path.extname(pathname)) {
      return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
    }
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const preloads = Object.hasOwn(pageRequests, pathname) && signedIn ? pageRequests[pathname] : [];
    if (preloads.length) {
      // `use-credentials` matches the API client's `credentials: 'include'`, so its fetch takes the answer.
      reply.header('link', preloads.map((href) => `<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', '));
    }
    reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'cookie');
    if (investorPage && signedIn && (pathname === '/investor' || pathname.startsWith('/investor/'))) {
      // While the database is down the plain page is served, and the app then shows maintenance (maintenance.spec.ts).
      const settingsRow = await loadSettings(db).catch(() => null);
      if (settingsRow && flagOn(settingsRow, 'risk_warning_enabled')) {
        const page = investorPage(settingsRow.font ?? DEFAULT_FONT, request.headers['accept-encoding']);
        if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
        return reply.header('vary', 'cookie, accept-encoding').send(page.body);
      }
    }
    return reply.sendFile('index.html');
  });
}
