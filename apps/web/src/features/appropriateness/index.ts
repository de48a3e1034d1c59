// What other features may use of appropriateness: its investor pages, loaded when first shown.
import { lazyRouteComponent } from '@tanstack/react-router';

export const AppropriatenessPage = lazyRouteComponent(() => import('./components/appropriateness-page'), 'AppropriatenessPage');
export { InvestorGateStep } from './components/investor-gate-step';
export { gateOf, useInvestorGates } from './api/investor-gates';
