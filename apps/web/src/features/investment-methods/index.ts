// What other features may use of investment-methods: its investor pages, loaded when first shown.
import { lazyRouteComponent } from '@tanstack/react-router';

export const MyMethodDocumentsPage = lazyRouteComponent(() => import('./components/my-account-page'), 'MyMethodDocumentsPage');
export const MyMethodAccountPage = lazyRouteComponent(() => import('./components/my-account-page'), 'MyMethodAccountPage');
