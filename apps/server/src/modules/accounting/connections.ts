import { eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNTING_SERVICE_LABELS,
  ACCOUNTING_SERVICES,
  type AccountingConnectError,
  type AccountingServiceName,
  type AccountingServiceStatus,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { accountingAuthorisations, accountingConnections, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { AppContext } from '../../platform/context';
import { randomToken, seal, sha256, unseal } from '../../platform/crypto';
import { AppError, validationError } from '../../platform/errors';
import { type AccountingGrant, type AccountingService, AccountingServiceError, type AccountingSession, NoTenantError } from './service';
import { xeroService } from './xero';

/** How long a sign-in may take at the service before its state is refused. */
const SIGN_IN_MS = 15 * 60 * 1000;
/** Tokens are refreshed this long before they run out, so a call never starts with one about to expire. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
const SEALED = 'accounting-tokens';

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'appKey'>;
export type ConnectionRow = typeof accountingConnections.$inferSelect;

/** The settings each service needs, as the README names them. */
const SETTINGS: Record<AccountingServiceName, string[]> = { xero: ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET'] };

/** What is stored of a grant: both tokens sealed, and when the access token runs out by our clock. */
const sealedTokens = (ctx: Deps, grant: AccountingGrant) => ({
  accessToken: seal(ctx.appKey, SEALED, grant.accessToken),
  refreshToken: seal(ctx.appKey, SEALED, grant.refreshToken),
  expiresAt: new Date(ctx.clock.now().getTime() + grant.expiresIn * 1000),
});

/** The configured implementation of a service, or null when the server has no settings for it. */
export function accountingService(ctx: Pick<AppContext, 'config'>, name: AccountingServiceName): AccountingService | null {
  switch (name) {
    case 'xero':
      return ctx.config.xero ? xeroService(ctx.config.xero) : null;
  }
}

export const callbackPath = (name: AccountingServiceName) => `/api/accounting/${name}/callback`;
const redirectUri = (ctx: Deps, name: AccountingServiceName) => `${ctx.config.appUrl}${callbackPath(name)}`;

function configured(ctx: Deps, name: AccountingServiceName): AccountingService {
  const service = accountingService(ctx, name);
  if (!service)
    throw validationError(
      { service: [`${ACCOUNTING_SERVICE_LABELS[name]} is not configured on the server: set ${SETTINGS[name].join(' and ')}.`] },
      `${ACCOUNTING_SERVICE_LABELS[name]} is not configured.`,
    );
  return service;
}

export async function accountingStatus(ctx: Deps): Promise<AccountingServiceStatus[]> {
  const rows = await ctx.db
    .select({ connection: accountingConnections, by: users.name })
    .from(accountingConnections)
    .leftJoin(users, eq(users.id, accountingConnections.connectedBy));
  return ACCOUNTING_SERVICES.map((name) => {
    const row = rows.find((r) => r.connection.service === name);
    return {
      service: name,
      label: ACCOUNTING_SERVICE_LABELS[name],
      configured: accountingService(ctx, name) !== null,
      settings: SETTINGS[name],
      connection: row
        ? { tenant_name: row.connection.tenantName, connected_at: row.connection.createdAt.toISOString(), connected_by: row.by }
        : null,
    };
  });
}

/**
 * Starts a sign-in: a random state, kept hashed with who asked and until when, goes to the
 * service's page; the callback accepts it once, from the same person.
 */
export async function startSignIn(ctx: Deps, name: AccountingServiceName, userId: number): Promise<string> {
  const service = configured(ctx, name);
  const state = randomToken(32);
  const now = ctx.clock.now();
  await ctx.db.delete(accountingAuthorisations).where(lt(accountingAuthorisations.expiresAt, now));
  await ctx.db
    .insert(accountingAuthorisations)
    .values({ stateHash: sha256(state), service: name, userId, expiresAt: new Date(now.getTime() + SIGN_IN_MS) });
  return service.authoriseUrl(state, redirectUri(ctx, name));
}

/** The sign-in came back: a failure reason for the settings page, or null once connected. */
export async function finishSignIn(
  ctx: Deps,
  name: AccountingServiceName,
  query: { code?: string; state?: string; error?: string },
  request: FastifyRequest,
  userId: number,
): Promise<AccountingConnectError | null> {
  const service = configured(ctx, name);
  const [claimed] = query.state
    ? await ctx.db
        .delete(accountingAuthorisations)
        .where(eq(accountingAuthorisations.stateHash, sha256(query.state)))
        .returning()
    : [];
  if (!claimed || claimed.service !== name || claimed.userId !== userId || claimed.expiresAt < ctx.clock.now()) return 'state';
  if (query.error || !query.code) return 'denied';
  let grant: Awaited<ReturnType<AccountingService['exchangeCode']>>;
  try {
    grant = await service.exchangeCode(query.code, redirectUri(ctx, name));
  } catch (err) {
    if (!(err instanceof AccountingServiceError)) throw err;
    request.log.warn({ service: name, reason: err.message }, 'accounting sign-in refused');
    return err instanceof NoTenantError ? 'tenant' : 'service';
  }
  const now = ctx.clock.now();
  const values = {
    tenantId: grant.tenantId,
    tenantName: grant.tenantName,
    ...sealedTokens(ctx, grant),
    connectedBy: userId,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(accountingConnections).where(eq(accountingConnections.service, name)).for('update');
    await tx
      .insert(accountingConnections)
      .values({ service: name, ...values })
      .onConflictDoUpdate({ target: accountingConnections.service, set: values });
    await recordActivity(tx, {
      request,
      action: 'accounting_connected',
      subjectType: 'accounting_connection',
      subjectId: name,
      before: before ? { tenant_name: before.tenantName } : null,
      after: { service: name, tenant_name: grant.tenantName },
    });
  });
  return null;
}

/**
 * Disconnects: the service is asked to revoke the tokens, then they are deleted. A service that
 * cannot be reached does not keep the firm connected: the tokens are deleted all the same (they
 * run out by themselves) and the failure is logged.
 */
export async function disconnect(ctx: Deps, name: AccountingServiceName, request: FastifyRequest): Promise<void> {
  const service = configured(ctx, name);
  const [row] = await ctx.db.select().from(accountingConnections).where(eq(accountingConnections.service, name));
  if (!row) throw new AppError('not_found', `${ACCOUNTING_SERVICE_LABELS[name]} is not connected.`);
  try {
    await service.revoke(unseal(ctx.appKey, SEALED, row.refreshToken));
  } catch (err) {
    if (!(err instanceof AccountingServiceError)) throw err;
    request.log.warn({ service: name, reason: err.message }, 'accounting revocation failed; tokens deleted');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(accountingConnections).where(eq(accountingConnections.id, row.id));
    await recordActivity(tx, {
      request,
      action: 'accounting_disconnected',
      subjectType: 'accounting_connection',
      subjectId: name,
      before: { service: name, tenant_name: row.tenantName },
      after: null,
    });
  });
}

/**
 * A session for calls to the organisation: the access token, refreshed first when it is about to
 * run out. The refresh happens under the connection's row lock, so two instances never spend the
 * same refresh token (the service rotates it on every use).
 */
export async function openSession(ctx: Deps, connection: ConnectionRow): Promise<AccountingSession> {
  const fresh = (row: ConnectionRow) => row.expiresAt.getTime() - REFRESH_MARGIN_MS > ctx.clock.now().getTime();
  if (fresh(connection)) return { accessToken: unseal(ctx.appKey, SEALED, connection.accessToken), tenantId: connection.tenantId };
  const service = configured(ctx, connection.service as AccountingServiceName);
  return ctx.db.transaction(async (tx: Db) => {
    const [row] = await tx.select().from(accountingConnections).where(eq(accountingConnections.id, connection.id)).for('update');
    if (!row) throw new AccountingServiceError('The accounting service was disconnected.');
    if (fresh(row)) return { accessToken: unseal(ctx.appKey, SEALED, row.accessToken), tenantId: row.tenantId };
    const grant = await service.refresh(unseal(ctx.appKey, SEALED, row.refreshToken));
    await tx
      .update(accountingConnections)
      .set({ ...sealedTokens(ctx, grant), updatedAt: ctx.clock.now() })
      .where(eq(accountingConnections.id, row.id));
    return { accessToken: grant.accessToken, tenantId: row.tenantId };
  });
}
