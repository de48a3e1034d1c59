import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { investorRoute } from '../../app/routes/base';

/** /investor/pdf/{id}: the PDF viewer, its own chunk (with pdf.js loaded on first use) so the portal's first download stays lean. */
export const pdfViewerRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/pdf/$id',
    component: lazyRouteComponent(() => import('./components/pdf-viewer-page'), 'PdfViewerPage'),
  }),
];
