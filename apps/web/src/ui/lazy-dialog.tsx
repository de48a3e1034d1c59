import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts a dialog (modal or drawer) whose code is loaded with `React.lazy` the first time it opens
 * rather than with the page: Mantine's Modal and Drawer bring their scroll area and its positioning
 * library, rich text brings DOMPurify, and most visits never open them (docs/decisions/0046). Once
 * opened it stays mounted, so it closes with its transition and opens again at once.
 */
export function LoadWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
