// What other features may use of investment-methods: its investor pages, loaded when first shown.
import { lazyPage } from '../../app/page-code';

export const MyMethodDocumentsPage = lazyPage(() => import('./components/my-account-page'), 'MyMethodDocumentsPage');
export const MyMethodAccountPage = lazyPage(() => import('./components/my-account-page'), 'MyMethodAccountPage');
