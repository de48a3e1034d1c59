import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Investor (spec §2.2; decision 0031). */
const parent = { getParentRoute: () => adminRoute };
const investorSettings = requirePermission('settings_investor_type', 'show');
const page = (name: 'TermsSettingsPage' | 'RiskWarningSettingsPage' | 'MarketSoundingSettingsPage') =>
  lazyPage(() => import('./components/text-settings-pages'), name);

export const investorSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/investor',
    beforeLoad: investorSettings,
    component: lazyPage(() => import('./components/category-statements-page'), 'CategoryStatementsPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/investor/appropriateness-test',
    beforeLoad: requirePermission('settings_compliance', 'update'),
    component: lazyPage(() => import('./components/appropriateness-test-page'), 'AppropriatenessTestPage'),
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
