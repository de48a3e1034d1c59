// What other features may use of organisations: its investor pages, loaded when first shown.
import { lazyPage } from '../../app/page-code';

export const OrganisationApplyPage = lazyPage(() => import('./components/organisation-apply-page'), 'OrganisationApplyPage');
export const MyOrganisationPage = lazyPage(() => import('./components/my-organisation-page'), 'MyOrganisationPage');
export const MyOrganisationDocumentsPage = lazyPage(() => import('./components/my-organisation-page'), 'MyOrganisationDocumentsPage');
