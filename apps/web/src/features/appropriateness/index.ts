// What other features may use of appropriateness: its investor pages, loaded when first shown.
import { lazyPage } from '../../app/page-code';

export const AppropriatenessPage = lazyPage(() => import('./components/appropriateness-page'), 'AppropriatenessPage');
export { InvestorGateStep } from './components/investor-gate-step';
export { gateOf, useInvestorGates } from './api/investor-gates';
