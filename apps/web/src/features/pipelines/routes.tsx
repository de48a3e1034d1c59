import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Pipelines (spec §2.2): the pipelines and their stages. */
const parent = { getParentRoute: () => adminRoute };

export const pipelineSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/account/pipelines',
    beforeLoad: requirePermission('settings_pipelines', 'index'),
    component: lazyPage(() => import('./components/pipelines-page'), 'PipelinesPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/account/pipelines/$id/stages',
    beforeLoad: requirePermission('settings_pipelines', 'show'),
    component: lazyPage(() => import('./components/stages-page'), 'StagesPage'),
  }),
];
