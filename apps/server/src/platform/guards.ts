import type { FastifyRequest } from 'fastify';
import { can, isStaffRole, Role, type Action, type PermissionEvent } from '@platform/domain';
import { AppError, forbidden, unauthenticated } from './errors';
import type { UserRow } from './session';

export type Grant = readonly [PermissionEvent, Action];

/**
 * Whom a route lets in, as its guard declares it. `staff` routes need one of the grants of the
 * permission table (spec §6), or any staff role when there are none.
 */
export type Access =
  | { readonly who: 'signed-in' }
  | { readonly who: 'investor' }
  | { readonly who: 'staff'; readonly grants: readonly Grant[] }
  | { readonly who: 'investor-or-staff'; readonly grants: readonly Grant[] };

/**
 * A route's `onRequest` hook that checks the caller. It runs after the session is loaded and before
 * Fastify parses the body or validates params and query, so a caller without access learns nothing
 * from the answer — not even whether the input or the record was good. It carries its `access` so
 * the route inventory can tell staff routes from portal routes by the route itself.
 */
export type Guard = ((request: FastifyRequest) => Promise<void>) & { readonly access: Access };

function guard(access: Access, check: (user: UserRow) => void, { duringEnrolment = false } = {}): Guard {
  return Object.assign(
    async (request: FastifyRequest) => {
      const user = requireUser(request);
      if (request.twoFactorEnrolmentDue && !duringEnrolment) throw twoFactorEnrolmentDue();
      check(user);
    },
    { access },
  );
}

/** A 403 naming the step: the web sends the person to set up two-factor sign-in. */
const twoFactorEnrolmentDue = () =>
  new AppError('forbidden', 'Set up two-factor sign-in to continue.', undefined, { code: 'two_factor_enrolment' });

const holdsAny = (user: UserRow, grants: readonly Grant[]) => grants.some(([event, action]) => can(user.roleId, event, action));

/** The signed-in user; in a handler behind a guard this only narrows the type. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireInvestor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.roleId !== Role.User) throw forbidden();
  return user;
}

/** Any signed-in user; the handler scopes what they see to themselves. */
export const authenticated = guard({ who: 'signed-in' }, () => {});

/**
 * Any signed-in user, even staff whose two-factor enrolment is due: the routes that let them enrol,
 * and their own account as the app needs it to start.
 */
export const authenticatedDuringEnrolment = guard({ who: 'signed-in' }, () => {}, { duringEnrolment: true });

/** Any staff role: what every member of staff has, such as their own notifications. */
export const staffOnly = guard({ who: 'staff', grants: [] }, (user) => {
  if (!isStaffRole(user.roleId)) throw forbidden();
});

/** The investor portal: investors only, their queries scoped to themselves. */
export const investorOnly = guard({ who: 'investor' }, (user) => {
  if (user.roleId !== Role.User) throw forbidden();
});

/** The signed-in user's role must hold the permission (spec §6 table). */
export function authorize(event: PermissionEvent, action: Action): Guard {
  return authorizeAny([event, action]);
}

/**
 * Any one of the permissions suffices: reads shared by two areas (pipelines: their settings page and
 * the deal board), or records whose event depends on their status (live or existing opportunities),
 * where the handler checks the exact one once it has the record.
 */
export function authorizeAny(...grants: Grant[]): Guard {
  return guard({ who: 'staff', grants }, (user) => {
    if (!holdsAny(user, grants)) throw forbidden();
  });
}

/**
 * Routes both sides share: an investor, whose queries the handler scopes to themselves, or a staff
 * role holding one of the grants.
 */
export function investorOrAny(...grants: Grant[]): Guard {
  return guard({ who: 'investor-or-staff', grants }, (user) => {
    if (user.roleId !== Role.User && !holdsAny(user, grants)) throw forbidden();
  });
}

/**
 * A guard behind a feature flag: for a signed-in caller the feature's own check runs first, so while
 * it is off its routes answer 404 to every role alike and no 403 tells anyone it exists.
 */
export function behindFeature(assertEnabled: () => Promise<void>, inner: Guard): Guard {
  return Object.assign(
    async (request: FastifyRequest) => {
      requireUser(request);
      await assertEnabled();
      await inner(request);
    },
    { access: inner.access },
  );
}
