import { lazy, Suspense, useEffect, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { NotificationsProps } from '@mantine/notifications';
import { removeFirstPaint } from './first-paint';
import { afterFirstPageWhenIdle, markFirstPageDrawn, prefetchLinksNearViewport, useAfterFirstPage } from './link-prefetch';
import { downloadPageCode } from './page-code';
import { createAppRouter } from './router';
import { BrandingProvider } from './settings';
import { themeFrom } from './theme';
import { ShellSkeleton } from '../ui/skeletons';

/**
 * The toasts' container loads once the first page is drawn and the browser is idle, so its code
 * never queues before the page's own: `notifications.show` only writes to a store, and what was
 * shown before the container arrives appears when it does (docs/decisions/0046). It is drawn from the
 * first toast on: drawing it empty (a portal and a transition group per position) took 50–125 ms at
 * 4× CPU slowdown on every first visit (docs/decisions/0080).
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then(({ Notifications: Toasts, useNotifications }) => ({
    default: function ToastsOnceShown(props: NotificationsProps) {
      const { notifications, queue } = useNotifications();
      const [shown, setShown] = useState(false);
      if (!shown && notifications.length + queue.length > 0) setShown(true);
      return shown ? <Toasts {...props} /> : null;
    },
  })),
);

function NotificationsAfterLoad() {
  return useAfterFirstPage() ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}

/** Favicon from branding, applied at runtime. */
function useFavicon(href: string | null | undefined) {
  useEffect(() => {
    if (!href) return;
    document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', href);
  }, [href]);
}

function Themed({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createAppRouter(queryClient));
  useEffect(() => {
    const drawn = () => {
      markFirstPageDrawn();
      // A page drawn without the investor shell (sign-in, an error) has no header of its own to take its place.
      requestAnimationFrame(removeFirstPaint);
    };
    if (router.state.resolvedLocation) drawn();
    return router.subscribe('onResolved', drawn);
  }, [router]);
  useEffect(
    // `href` is a built path from a link the app rendered; the router matches it as a navigation would.
    () => afterFirstPageWhenIdle(() => prefetchLinksNearViewport(document.body, (href) => downloadPageCode(router, href))),
    [router],
  );
  return (
    <BrandingProvider
      loading={
        <MantineProvider>
          <ShellSkeleton />
        </MantineProvider>
      }
    >
      {(branding) => (
        <FaviconAndTheme href={branding.settings?.favicon}>
          <MantineProvider theme={themeFrom(branding)}>
            <NotificationsAfterLoad />
            <RouterProvider router={router} />
          </MantineProvider>
        </FaviconAndTheme>
      )}
    </BrandingProvider>
  );
}

function FaviconAndTheme({ href, children }: { href: string | null | undefined; children: React.ReactNode }) {
  useFavicon(href);
  return children;
}

export function App() {
  // Spec §9: no retry on error; the API client already times out at 5000 ms.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Themed queryClient={queryClient} />
    </QueryClientProvider>
  );
}
