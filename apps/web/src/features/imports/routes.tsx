import { createRoute } from '@tanstack/react-router';
import type { ImportKind } from '@platform/domain';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** /admin/investors/import?kind=contacts|investors (decision 0017); /admin/reports/kpis/import (decision 0026). */
export const importRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/investors/import',
    validateSearch: (search: Record<string, unknown>): { kind?: ImportKind } =>
      search.kind === 'investors' || search.kind === 'contacts' ? { kind: search.kind } : {},
    beforeLoad: requirePermission('investors', 'create'),
    component: lazyPage(() => import('./components/import-page'), 'ImportPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/kpis/import',
    beforeLoad: requirePermission('kpis', 'create'),
    component: lazyPage(() => import('./components/import-page'), 'KpiValuesImportPage'),
  }),
];
