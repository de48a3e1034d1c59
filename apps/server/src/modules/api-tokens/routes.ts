import { and, desc, eq, isNull } from 'drizzle-orm';
import { type ApiToken, apiTokenSchema, createApiTokenBody, createdApiTokenSchema, dataOf, idParams, noContent } from '@platform/domain';
import { z } from 'zod';
import { apiTokens } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { newApiToken, refuseApiTokens } from '../../platform/api-tokens';
import type { App, AppContext } from '../../platform/context';
import { notFound, validationError } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';

type TokenRow = typeof apiTokens.$inferSelect;

function presentApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    read_only: row.readOnly,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Settings › API tokens (decision 0066): each member of staff holding `settings_integrations` manages
 * their own personal tokens, from a signed-in session only. The token is in the answer to its
 * creation and nowhere else, ever.
 */
export function registerApiTokenRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get(
    '/api/api-tokens',
    {
      schema: { response: { 200: dataOf(z.array(apiTokenSchema)) } },
      onRequest: [authorize('settings_integrations', 'index'), refuseApiTokens],
    },
    async (request) => {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, requireUser(request).id))
        .orderBy(desc(apiTokens.id));
      return { data: rows.map(presentApiToken) };
    },
  );

  app.post(
    '/api/api-tokens',
    {
      schema: { body: createApiTokenBody, response: { 201: dataOf(createdApiTokenSchema) } },
      onRequest: [authorize('settings_integrations', 'create'), refuseApiTokens],
    },
    async (request, reply) => {
      const user = requireUser(request);
      const now = clock.now();
      const expiresAt = request.body.expires_on ? new Date(`${request.body.expires_on}T23:59:59.999Z`) : null;
      if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)) {
        throw validationError({ expires_on: ['Choose a day from today on.'] });
      }
      const { token, hash, prefix } = newApiToken();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(apiTokens)
          .values({
            userId: user.id,
            name: request.body.name,
            tokenHash: hash,
            prefix,
            readOnly: request.body.read_only,
            expiresAt,
            createdAt: now,
          })
          .returning();
        await recordActivity(tx, {
          request,
          action: 'api_token_created',
          subjectType: 'api_token',
          subjectId: created.id,
          after: { name: created.name, prefix, read_only: created.readOnly, expires_at: expiresAt?.toISOString() ?? null },
        });
        return created;
      });
      return reply.status(201).send({ data: { ...presentApiToken(row), token } });
    },
  );

  app.delete(
    '/api/api-tokens/:id',
    {
      schema: { params: idParams, response: { 204: noContent } },
      onRequest: [authorize('settings_integrations', 'delete'), refuseApiTokens],
    },
    async (request, reply) => {
      const user = requireUser(request);
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(apiTokens)
          .set({ revokedAt: clock.now() })
          .where(and(eq(apiTokens.id, request.params.id), eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)))
          .returning();
        if (!revoked) throw notFound('API token');
        await recordActivity(tx, {
          request,
          action: 'api_token_revoked',
          subjectType: 'api_token',
          subjectId: revoked.id,
          before: { name: revoked.name },
        });
      });
      return reply.status(204).send(null);
    },
  );
}
