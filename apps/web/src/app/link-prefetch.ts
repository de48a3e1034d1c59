import { useEffect, useState } from 'react';

/**
 * Spec §9 "Link prefetch margin 200px": a page starts loading when a link to it comes within 200 px
 * of the viewport, so a click finds its code downloaded (app.tsx passes `downloadPageCode`). TanStack
 * Router's own `preload="viewport"` watches at a fixed 100 px and only on links that ask for it; this
 * watches every in-app link the document shows, present and future, from one observer.
 */
export const LINK_PREFETCH_MARGIN = '200px';

/** The app path a link opens ('/admin/funds/3?tab=x'), or null for a link that leaves the app. */
export function inAppHref(anchor: HTMLAnchorElement, origin: string): string | null {
  if (anchor.hasAttribute('download') || !anchor.getAttribute('href')) return null;
  const url = new URL(anchor.href, origin);
  // Downloads, exports and sign-out are API answers, not pages.
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
  return url.pathname + url.search;
}

/**
 * Preloads each page a link in `root` leads to, once, when the link first comes within the margin.
 * Returns the function that stops watching.
 */
export function prefetchLinksNearViewport(root: HTMLElement, preload: (href: string) => Promise<unknown>): () => void {
  const preloaded = new Set<string>();
  const nearViewport = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearViewport.unobserve(entry.target);
        const href = inAppHref(entry.target as HTMLAnchorElement, window.location.origin);
        if (!href || preloaded.has(href)) continue;
        preloaded.add(href);
        // A preload that fails (a page the person may not open) is only a click that loads later.
        preload(href).catch(() => undefined);
      }
    },
    { rootMargin: LINK_PREFETCH_MARGIN },
  );
  const watch = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node instanceof HTMLAnchorElement) nearViewport.observe(node);
    for (const anchor of node.querySelectorAll('a[href]')) nearViewport.observe(anchor);
  };
  const added = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(watch);
  });
  watch(root);
  added.observe(root, { childList: true, subtree: true });
  return () => {
    added.disconnect();
    nearViewport.disconnect();
  };
}

let firstPageDrawn: () => void = () => undefined;
const firstPage = new Promise<void>((resolve) => (firstPageDrawn = resolve));

/** Called once the router has resolved the first page the person opened (apps/web/src/app/app.tsx). */
export const markFirstPageDrawn = () => firstPageDrawn();

/**
 * Runs `run` at the browser's next idle moment, or 200 ms on where the browser has no idle callbacks
 * (Safari), and returns what cancels it. With `withinMs`, it runs by then even if the browser is
 * never idle; without, work that can wait (downloads ahead) never takes a busy moment.
 */
export function whenIdle(run: () => void, withinMs?: number): () => void {
  if (window.requestIdleCallback) {
    const id = window.requestIdleCallback(run, withinMs === undefined ? undefined : { timeout: withinMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * Runs `start` once the first page has been drawn and the browser is next idle, and returns what
 * stops it (before or after it started). Prefetching, the toasts' container and the realtime socket
 * wait for this, so the first page's own code, data and drawing never queue behind work it does not
 * need: the browser's load event and idle moments come while the page's own chunk is still on its
 * way, and anything asked for then delays the page's largest paint (docs/decisions/0046, 0072).
 */
export function afterFirstPageWhenIdle(start: () => () => void): () => void {
  let stop: (() => void) | undefined;
  let cancelIdle: (() => void) | undefined;
  let cancelled = false;
  void firstPage.then(() => {
    if (!cancelled) cancelIdle = whenIdle(() => (stop = start()), 2000);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
    stop?.();
  };
}

/** False until the first page is drawn and the browser is idle (`afterFirstPageWhenIdle`), then true. */
export function useAfterFirstPage(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(
    () =>
      afterFirstPageWhenIdle(() => {
        setAfter(true);
        return () => undefined;
      }),
    [],
  );
  return after;
}
