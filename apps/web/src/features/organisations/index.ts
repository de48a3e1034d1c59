// What other features may use of organisations: its investor pages, loaded when first shown.
import { lazyRouteComponent } from '@tanstack/react-router';

export const OrganisationApplyPage = lazyRouteComponent(() => import('./components/organisation-apply-page'), 'OrganisationApplyPage');
export const MyOrganisationPage = lazyRouteComponent(() => import('./components/my-organisation-page'), 'MyOrganisationPage');
export const MyOrganisationDocumentsPage = lazyRouteComponent(
  () => import('./components/my-organisation-page'),
  'MyOrganisationDocumentsPage',
);
