import { useEffect, useState } from 'react';
import { Progress } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';

/** Shown only when loading lasts longer than this, so quick moves do not flicker. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar at the top of the window while a page is on its way: the router resolving a move
 * (guards, a page's code loading) or a page's first data still coming (a query with no data yet —
 * background refreshes of data already shown do not count). It creeps towards 90% and completes
 * when everything has arrived.
 */
export function NavigationProgress() {
  const routing = useRouterState({ select: (state) => state.status === 'pending' });
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const busy = routing || firstLoads > 0;
  const [value, setValue] = useState<number | null>(null);

  // The page says whether it is still loading (WAI-ARIA aria-busy): assistive technology can wait
  // for it, and so do the browser tests, instead of guessing from network silence.
  useEffect(() => {
    document.body.setAttribute('aria-busy', String(busy));
  }, [busy]);

  useEffect(() => {
    if (busy) {
      const start = setTimeout(() => setValue((v) => v ?? 12), SHOW_AFTER_MS);
      const creep = setInterval(() => setValue((v) => (v === null ? v : v + (90 - v) * 0.12)), 250);
      return () => {
        clearTimeout(start);
        clearInterval(creep);
      };
    }
    setValue((v) => (v === null ? null : 100));
    const hide = setTimeout(() => setValue(null), 350);
    return () => clearTimeout(hide);
  }, [busy]);

  if (value === null) return null;
  return (
    <Progress
      value={value}
      size={3}
      radius={0}
      transitionDuration={200}
      aria-label="Loading page"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 10000, background: 'transparent' }}
    />
  );
}
