import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';

/** Settings › Pipelines (spec §2.2): the pipelines and their stages. */
const parent = { getParentRoute: () => adminRoute };

export const pipelineSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/account/pipelines',
    beforeLoad: requirePermission('settings_pipelines', 'index'),
    component: lazyRouteComponent(() => import('./components/pipelines-page'), 'PipelinesPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/account/pipelines/$id/stages',
    beforeLoad: requirePermission('settings_pipelines', 'show'),
    component: lazyRouteComponent(() => import('./components/stages-page'), 'StagesPage'),
  }),
];
