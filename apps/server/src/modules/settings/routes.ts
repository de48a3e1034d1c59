import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { brandingFileParams, brandingSchema, dataOf, fileBody, idParams, publicSettingsSchema, updateBrandingBody } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { readForm } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { contentTypeOf } from '../../platform/storage';
import { loadSettings, SETTINGS_ID } from '../../shared/settings';
import { registerDefaultAssociatesRoutes } from './default-associates';
import { presentBranding, presentPublicSettings } from './presenter';
import { registerInvestorSettingsRoutes } from './investor-settings';
import { announceSettingsChange, updateBranding } from './service';

export function registerSettingsRoutes(app: App, ctx: AppContext) {
  const { db, config, storage } = ctx;
  registerDefaultAssociatesRoutes(app, ctx);
  registerInvestorSettingsRoutes(app, ctx);

  app.get(
    '/api/public-settings/:id',
    { schema: { params: idParams, response: { 200: dataOf(publicSettingsSchema) } } },
    async (request) => {
      if (request.params.id !== SETTINGS_ID) throw notFound('settings');
      return { data: presentPublicSettings(await loadSettings(db), config.pusherKey, Boolean(config.stripe)) };
    },
  );

  app.get(
    '/api/branding/:id',
    { schema: { params: idParams, response: { 200: dataOf(brandingSchema) } }, onRequest: authorize('settings_branding', 'show') },
    async (request) => {
      if (request.params.id !== SETTINGS_ID) throw notFound('settings');
      return { data: presentBranding(await loadSettings(db), config.pusherKey) };
    },
  );

  /** PATCH with JSON, or the settings form's POST (multipart, with the images as files). */
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/branding',
    schema: { body: updateBrandingBody, response: { 200: dataOf(brandingSchema) } },
    onRequest: authorize('settings_branding', 'update'),
    handler: async (request) => {
      const { files } = await readForm(request);
      const updated = await updateBranding(ctx, request, request.body, files);
      await announceSettingsChange(ctx);
      return { data: presentBranding(updated, config.pusherKey) };
    },
  });

  /** Branding images are public (they appear on the login page); other folders are served by their own modules. */
  app.get('/api/files/branding/:name', { schema: { params: brandingFileParams, response: { 200: fileBody } } }, async (request, reply) => {
    const { name } = request.params;
    const data = await storage.open(`branding/${name}`);
    if (!data) throw notFound('file');
    return sendBrandingImage(reply, name, data);
  });
}

/** An image's bytes (declared as `fileBody`): typed by its name, sandboxed, never sniffed, cached for a day. */
function sendBrandingImage(reply: FastifyReply, name: string, data: Readable) {
  return reply
    .type(contentTypeOf(name))
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=86400')
    .send(data);
}
