import { type ComponentType, createElement } from 'react';
import { type AnyRouter, type AsyncRouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import { whenIdle } from './link-prefetch';

/**
 * What the build writes to `page-files.json` (vite.config.ts, `pageFiles`): the chunk each lazily
 * loaded page module is built into, and each chunk's own imports, leaving out the files the entry
 * loads at start.
 */
export interface PageFiles {
  pages: Record<string, string>;
  imports: Record<string, string[]>;
}

const pageModules = new WeakMap<object, string>();

/**
 * A route's page component, loaded when the route first opens (TanStack Router's
 * `lazyRouteComponent`). The build adds the page module's path to `load` (vite.config.ts, `pageFiles`),
 * which lets link prefetch download the page's files without running them (`downloadPageCode`).
 */
export function lazyPage<T extends Record<string, unknown>, TKey extends keyof T = 'default'>(
  load: (() => Promise<T>) & { module?: string },
  exportName?: TKey,
) {
  const component = lazyRouteComponent(load, exportName);
  if (load.module) pageModules.set(component, load.module);
  return component;
}

/**
 * A route's component that draws a lazily loaded page with fixed props (its tab, its mode). The
 * router preloads it on intent, and link prefetch downloads it, as it would the page itself.
 */
export function pageWith<P extends object>(Page: AsyncRouteComponent<P>, props: P): AsyncRouteComponent<Record<string, never>> {
  const component = Object.assign(() => createElement(Page as ComponentType<P>, props), { preload: Page.preload });
  const module = pageModules.get(Page);
  if (module) pageModules.set(component, module);
  return component;
}

/**
 * The files `modules` need that are not yet in `fetched`, each chunk before its imports, and each
 * file once; it adds them to `fetched`. A module the build does not list needs nothing.
 */
export function filesToDownload(files: PageFiles, modules: readonly string[], fetched: Set<string>): string[] {
  const wanted: string[] = [];
  const visit = (file: string) => {
    if (fetched.has(file)) return;
    fetched.add(file);
    wanted.push(file);
    for (const imported of files.imports[file] ?? []) visit(imported);
  };
  for (const module of modules) {
    const chunk = files.pages[module];
    if (chunk) visit(chunk);
  }
  return wanted;
}

const NO_FILES: PageFiles = { pages: {}, imports: {} };
let pageFiles: Promise<PageFiles> | undefined;
const fetched = new Set<string>();
const queue: string[] = [];

/**
 * Starts the queued downloads, 5 ms of them at a time, at idle moments: starting a download costs the
 * main thread about 0.2 ms, and a page of links asks for a hundred files or more.
 */
function startDownloads() {
  const until = performance.now() + 5;
  while (queue.length > 0 && performance.now() < until) {
    const file = queue.shift()!;
    fetch(file, { priority: 'low' })
      .then((response) => response.arrayBuffer())
      // A file that did not arrive is fetched by the click that needs it.
      .catch(() => fetched.delete(file));
  }
  if (queue.length > 0) whenIdle(startDownloads);
}

/**
 * Downloads the code of the page `href` opens into the browser's cache, without running it, so the
 * click that opens it finds its files there (spec §9, link prefetch). Running the modules of the
 * pages the investor overview links to built their schemas and chart stores in long tasks of up
 * to 300 ms at Lighthouse's 4× CPU slowdown, blocking the page the person is looking at
 * (docs/decisions/0080). Hovering or focusing a link still preloads the
 * page through the router, running it (`defaultPreload: 'intent'`). The development server writes
 * no `page-files.json`, so there nothing is downloaded ahead.
 */
export async function downloadPageCode(router: AnyRouter, href: string): Promise<void> {
  pageFiles ??= fetch('/page-files.json')
    .then((response) => (response.ok ? (response.json() as Promise<PageFiles>) : NO_FILES))
    .catch(() => NO_FILES);
  const files = await pageFiles;
  const [matchedRoutes] = router.getMatchedRoutes(new URL(href, window.location.origin).pathname);
  const modules = matchedRoutes.flatMap((route) => {
    const module = route.options.component && pageModules.get(route.options.component);
    return module ? [module] : [];
  });
  const wanted = filesToDownload(files, modules, fetched);
  if (wanted.length === 0) return;
  if (queue.length === 0) whenIdle(startDownloads);
  queue.push(...wanted);
}
