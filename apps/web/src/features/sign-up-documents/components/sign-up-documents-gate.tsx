import { lazy, type ReactNode, Suspense } from 'react';
import { PageSkeleton } from '../../../ui/skeletons';
import { useMySignUpDocuments } from '../api/sign-up-documents';

const SignUpDocumentsStep = lazy(() => import('./sign-up-documents-step').then((m) => ({ default: m.SignUpDocumentsStep })));

/**
 * The sign-up documents step of the investor portal (decision 0036): while a document asks for an
 * acceptance not given at its current version, the portal's pages give way to the documents. The
 * server holds the same line (the `sign_up_documents` gate). The step's code loads only when it shows.
 */
export function SignUpDocumentsGate({ children }: { children: ReactNode }) {
  const documents = useMySignUpDocuments();
  if (!documents.data?.some((d) => d.state === 'outstanding')) return <>{children}</>;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <SignUpDocumentsStep documents={documents.data} />
    </Suspense>
  );
}
