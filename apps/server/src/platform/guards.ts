import type { FastifyRequest } from 'fastify';
import { can, isStaffRole, Role, type Action, type PermissionEvent } from '@platform/domain';
import { forbidden, unauthenticated } from './errors';
import type { UserRow } from './session';

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isStaffRole(user.roleId)) throw forbidden();
  return user;
}

export function requireInvestor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.roleId !== Role.User) throw forbidden();
  return user;
}

/** Route guard: the signed-in user's role must hold the permission (spec §6 table). */
export function authorize(event: PermissionEvent, action: Action) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!can(user.roleId, event, action)) throw forbidden();
  };
}

/** Route guard for any signed-in user. */
export async function authenticated(request: FastifyRequest) {
  requireUser(request);
}

/** Route guard for reads shared by two areas, e.g. pipelines: their settings page and the deal board. */
export function authorizeAny(...grants: Array<[PermissionEvent, Action]>) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!grants.some(([event, action]) => can(user.roleId, event, action))) throw forbidden();
  };
}
