import { lazy, useState, type MouseEvent } from 'react';
import { Anchor } from '@mantine/core';
import { useBranding } from '../../../app/settings';
import { LoadWhenOpened } from '../../../ui/lazy-dialog';

const TermsTextDialog = lazy(() => import('./terms-text-dialog').then((m) => ({ default: m.TermsTextDialog })));

/**
 * A link to the terms (spec §2.6). Terms kept as an address open there; terms kept as text open in
 * the Terms & Conditions modal, rendered as rich text, while the link still leads to the terms page
 * for a new tab or a middle-click.
 */
export function TermsLink({ children }: { children: string }) {
  const { settings } = useBranding();
  const [opened, setOpened] = useState(false);
  if (settings?.terms_format === 'url')
    return (
      <Anchor href={settings.terms_text} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  const open = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setOpened(true);
  };
  return (
    <>
      <Anchor href="/terms" onClick={open}>
        {children}
      </Anchor>
      <LoadWhenOpened opened={opened}>
        <TermsTextDialog opened={opened} onClose={() => setOpened(false)} />
      </LoadWhenOpened>
    </>
  );
}
