import { lazy, useState } from 'react';
import { RISK_WARNING_MORE, RISK_WARNING_SUMMARY } from '@platform/domain';
import { useFeature } from '../../../app/settings';
import { LoadWhenOpened } from '../../../ui/lazy-dialog';

const RiskWarningModal = lazy(() => import('./risk-warning-modal').then((m) => ({ default: m.RiskWarningModal })));

/**
 * The financial-promotion risk warning (spec §2.4) across the top when enabled. Its look is the
 * `.risk-warning` rules of global.css, which the band the server draws before the code has run
 * shares (decision 0079).
 */
export function RiskWarningBanner() {
  const enabled = useFeature('enableRiskWarning');
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  return (
    <>
      <section className="risk-warning" aria-label="Risk warning">
        <p>
          {RISK_WARNING_SUMMARY}{' '}
          <button type="button" className="risk-warning-more" onClick={() => setOpen(true)}>
            {RISK_WARNING_MORE}
          </button>
        </p>
      </section>
      <LoadWhenOpened opened={open}>
        <RiskWarningModal opened={open} onClose={() => setOpen(false)} />
      </LoadWhenOpened>
    </>
  );
}
