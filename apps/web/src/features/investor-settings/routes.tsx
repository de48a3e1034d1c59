import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';

/** Settings › Investor (spec §2.2; decision 0031). */
const parent = { getParentRoute: () => adminRoute };
const investorSettings = requirePermission('settings_investor_type', 'show');
const page = (name: 'TermsSettingsPage' | 'RiskWarningSettingsPage' | 'MarketSoundingSettingsPage') =>
  lazyRouteComponent(() => import('./components/text-settings-pages'), name);

export const investorSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/investor',
    beforeLoad: investorSettings,
    component: lazyRouteComponent(() => import('./components/category-statements-page'), 'CategoryStatementsPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/investor/appropriateness-test',
    beforeLoad: requirePermission('settings_compliance', 'update'),
    component: lazyRouteComponent(() => import('./components/appropriateness-test-page'), 'AppropriatenessTestPage'),
  }),
  createRoute({ ...parent, path: '/settings/investor/terms', beforeLoad: investorSettings, component: page('TermsSettingsPage') }),
  createRoute({
    ...parent,
    path: '/settings/investor/risk-warning',
    beforeLoad: investorSettings,
    component: page('RiskWarningSettingsPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/investor/market-sounding',
    beforeLoad: investorSettings,
    component: page('MarketSoundingSettingsPage'),
  }),
];
