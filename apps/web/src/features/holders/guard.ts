import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { can, HOLDER_PERMISSION_EVENT, type Action, type ClientFlagName } from '@platform/domain';
import { loadSession } from '../../app/routes/base';

/**
 * beforeLoad of holder pages: the not-found page when the tenant has the area switched off, or the
 * role lacks the permission (decision 0012: the 'investors' event).
 */
export function requireHolderAccess(action: Action, flag?: ClientFlagName) {
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { user, flags } = await loadSession(context.queryClient);
    if (flag && !flags[flag]) throw notFound();
    if (user && !can(user.role_id, HOLDER_PERMISSION_EVENT, action)) throw notFound();
  };
}
