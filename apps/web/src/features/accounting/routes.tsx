import { createRoute } from '@tanstack/react-router';
import { ACCOUNTING_CONNECT_ERRORS, type AccountingConnectError } from '@platform/domain';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Integrations › Accounting (decision 0059): the connection, and the sync log. */
const parent = { getParentRoute: () => adminRoute };

export interface AccountingSearch {
  connected?: string;
  error?: AccountingConnectError;
}

export const accountingRoutes = [
  createRoute({
    ...parent,
    path: '/settings/integrations/accounting',
    beforeLoad: requirePermission('settings_features', 'index'),
    // The sign-in comes back with ?connected=xero or ?error=<reason>.
    validateSearch: (search: Record<string, unknown>): AccountingSearch => ({
      ...(typeof search.connected === 'string' ? { connected: search.connected } : {}),
      ...(typeof search.error === 'string' && search.error in ACCOUNTING_CONNECT_ERRORS
        ? { error: search.error as AccountingConnectError }
        : {}),
    }),
    component: lazyPage(() => import('./components/accounting-page'), 'AccountingPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/integrations/accounting/sync-log',
    beforeLoad: requirePermission('settings_features', 'index'),
    component: lazyPage(() => import('./components/sync-log-page'), 'SyncLogPage'),
  }),
];
