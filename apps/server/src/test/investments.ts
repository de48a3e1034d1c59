import type { InjectOptions } from 'fastify';
import { Role } from '@platform/domain';
import { investmentMethodEntities, investmentMethods, nominees, organisations, organisationUsers, sessions, users } from '../db/schema';
import { hmac, randomToken, sha256 } from '../platform/crypto';
import { SESSION_COOKIE, XSRF_COOKIE } from '../platform/session';
import { clearInvestorGates, FIXTURE_CLEARED_AT, type TestApp } from './harness';

/** Factories for the investment tests: holders, and many signed-in investors at once. */

let sequence = 0;

export async function createOrganisationFor(t: TestApp, userId: number | null, name = `Org ${++sequence}`) {
  const [organisation] = await t.db.insert(organisations).values({ name }).returning();
  if (userId !== null) await t.db.insert(organisationUsers).values({ organisationId: organisation.id, userId, role: 'director' });
  return organisation;
}

export async function createMethodEntityFor(t: TestApp, userId: number, methodName = 'Acme SIPP') {
  const [method] = await t.db.insert(investmentMethods).values({ name: methodName, type: 'sipp' }).returning();
  const [entity] = await t.db
    .insert(investmentMethodEntities)
    .values({ investmentMethodId: method.id, userId, reference: `SIPP-${++sequence}` })
    .returning();
  return entity;
}

export async function createNominee(t: TestApp, name = `Nominee ${++sequence}`) {
  const [nominee] = await t.db.insert(nominees).values({ name }).returning();
  return nominee;
}

/**
 * `count` investors with live sessions, written straight to the database: logging 200 people in
 * through /login would spend the test's time hashing passwords. Each gets a `post` that sends the
 * session cookie and a valid XSRF pair, as the browser does.
 */
export async function signedInInvestors(t: TestApp, count: number) {
  const stamp = `${process.pid}-${++sequence}`;
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Racing Investor ${i}`,
        email: `racer-${stamp}-${i}@example.test`,
        roleId: Role.User,
        emailVerifiedAt: new Date(),
        acceptedTermsVersion: 1,
        riskWarningAcknowledgedAt: FIXTURE_CLEARED_AT,
      })),
    )
    .returning();
  await clearInvestorGates(
    t,
    rows.map((r) => r.id),
  );
  const raws = rows.map(() => randomToken(32));
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  await t.db.insert(sessions).values(rows.map((user, i) => ({ idHash: sha256(raws[i]), userId: user.id, expiresAt })));
  const nonce = randomToken(24);
  const xsrf = `${nonce}.${hmac(t.ctx.appKey, nonce)}`;
  return rows.map((user, i) => ({
    user,
    post: (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as InjectOptions['payload'],
        headers: {
          accept: 'application/json',
          cookie: `${SESSION_COOKIE}=${raws[i]}; ${XSRF_COOKIE}=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...headers,
        },
      }),
  }));
}
