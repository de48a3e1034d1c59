import { HOLDER_PERMISSION_EVENT, type Action } from '@platform/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { authorizeAny, behindFeature } from '../../platform/guards';

/**
 * Who may reach a holder's staff routes: authentication (401), the kind's feature switch (404),
 * then the permission table's 'investors' event (403, decision 0012) for any one of the actions.
 */
export function holderGuard(db: Db, kind: { enabled?(db: Db): Promise<boolean>; label: string }, ...actions: Action[]) {
  const permission = authorizeAny(...actions.map((action) => [HOLDER_PERMISSION_EVENT, action] as const));
  const { enabled } = kind;
  if (!enabled) return permission;
  return behindFeature(async () => {
    if (!(await enabled(db))) throw new AppError('not_found', `The ${kind.label} could not be found.`);
  }, permission);
}
