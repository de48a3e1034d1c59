import { lazy, useState } from 'react';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { LoadWhenOpened } from '../../../ui/lazy-dialog';

const TermsAcceptanceDialog = lazy(() => import('./terms-acceptance-dialog').then((m) => ({ default: m.TermsAcceptanceDialog })));

/**
 * Blocks the shell until the current terms are accepted (spec §2.6). After acceptance the flag
 * `termsJustAccepted` (docs/decisions/0003) keeps the modal closed while the user is refetched.
 * The dialog's code loads only for someone who has terms to accept.
 */
export function TermsAcceptanceModal() {
  const user = useCurrentUser();
  const { termsVersion } = useBranding();
  const [termsJustAccepted, setTermsJustAccepted] = useState(false);
  const required = Boolean(user) && (user?.accepted_terms_version ?? 0) < termsVersion && !termsJustAccepted;
  return (
    <LoadWhenOpened opened={required}>
      <TermsAcceptanceDialog
        opened={required}
        userId={user?.id ?? 0}
        termsVersion={termsVersion}
        onAccepted={() => setTermsJustAccepted(true)}
      />
    </LoadWhenOpened>
  );
}
