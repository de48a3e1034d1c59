import { firstAdminPath, Role, type ClientFlags } from '@platform/domain';
import type { CurrentUser } from '../../app/session';

/**
 * Where a signed-in person belongs (spec §4): investors always to /investor (an admin return path
 * is never followed for them), staff to the return path if it is an admin page, else to the first
 * admin page their role may open.
 */
export function landingPath(user: CurrentUser, flags: ClientFlags, returnTo?: string | null): string {
  // Staff who must set up two-factor sign-in do that first; the server refuses everything else meanwhile.
  if (user.two_factor_enrolment_due) return '/two-factor-setup';
  if (user.role_id === Role.User) return user.email_verified_at ? '/investor' : '/verify-email';
  if (returnTo && /^\/admin(\/|$)/.test(returnTo)) return returnTo;
  return firstAdminPath(user.role_id, (flag) => flags[flag]) ?? '/admin';
}
