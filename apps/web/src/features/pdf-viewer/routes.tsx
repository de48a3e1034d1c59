import { createRoute } from '@tanstack/react-router';
import { investorRoute } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** /investor/pdf/{id}: the PDF viewer, its own chunk (with pdf.js loaded on first use) so the portal's first download stays lean. */
export const pdfViewerRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/pdf/$id',
    component: lazyPage(() => import('./components/pdf-viewer-page'), 'PdfViewerPage'),
  }),
];
