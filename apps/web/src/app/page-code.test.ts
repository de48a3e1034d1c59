import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { downloadPageCode, filesToDownload, lazyPage, type PageFiles, pageWith } from './page-code';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const FILES: PageFiles = {
  pages: {
    'features/shell/shell': '/assets/shell-1.js',
    'features/funds/funds-page': '/assets/funds-page-2.js',
    'features/funds/fund-page': '/assets/fund-page-3.js',
    'features/news/news-page': '/assets/news-page-4.js',
  },
  imports: {
    '/assets/funds-page-2.js': ['/assets/table-5.js', '/assets/money-6.js'],
    '/assets/fund-page-3.js': ['/assets/money-6.js', '/assets/chart-7.js'],
    '/assets/chart-7.js': ['/assets/chart-7.css'],
  },
};

describe('filesToDownload', () => {
  it("lists a page's chunk, then its imports and theirs, each once", () => {
    expect(filesToDownload(FILES, ['features/funds/fund-page'], new Set())).toEqual([
      '/assets/fund-page-3.js',
      '/assets/money-6.js',
      '/assets/chart-7.js',
      '/assets/chart-7.css',
    ]);
  });

  it('leaves out what an earlier page fetched, and a module the build does not list', () => {
    const fetched = new Set<string>();
    expect(filesToDownload(FILES, ['features/funds/funds-page'], fetched)).toEqual([
      '/assets/funds-page-2.js',
      '/assets/table-5.js',
      '/assets/money-6.js',
    ]);
    expect(filesToDownload(FILES, ['features/funds/fund-page', 'features/unknown'], fetched)).toEqual([
      '/assets/fund-page-3.js',
      '/assets/chart-7.js',
      '/assets/chart-7.css',
    ]);
    expect(filesToDownload(FILES, ['features/funds/funds-page'], fetched)).toEqual([]);
  });
});

/** A route tree as the app's: a lazily loaded shell around lazily loaded pages, as the build leaves `lazyPage`'s argument. */
function appRouter(loaded: string[]) {
  const page = (module: string, name: string) =>
    lazyPage(
      Object.assign(
        () => {
          loaded.push(module);
          return Promise.resolve({ [name]: () => null });
        },
        { module },
      ),
      name,
    );
  const FundPage = page('features/funds/fund-page', 'FundPage');
  const root = createRootRoute();
  const shell = createRoute({ getParentRoute: () => root, path: '/investor', component: page('features/shell/shell', 'Shell') });
  return createRouter({
    history: createMemoryHistory(),
    routeTree: root.addChildren([
      shell.addChildren([
        createRoute({ getParentRoute: () => shell, path: '/funds', component: page('features/funds/funds-page', 'FundsPage') }),
        createRoute({ getParentRoute: () => shell, path: '/funds/$id', component: FundPage }),
        createRoute({ getParentRoute: () => shell, path: '/funds/$id/documents', component: pageWith(FundPage, { tab: 'documents' }) }),
        createRoute({ getParentRoute: () => shell, path: '/news', component: page('features/news/news-page', 'NewsPage') }),
      ]),
    ]),
  });
}

it('downloads the files of the page a link opens, and of its shell, once each and without running them', async () => {
  vi.useFakeTimers();
  const asked: string[] = [];
  vi.stubGlobal('window', { location: { origin: 'https://app.test' }, setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(url === '/page-files.json' ? JSON.stringify(FILES) : 'export {}');
  });
  const loaded: string[] = [];
  const router = appRouter(loaded);

  await downloadPageCode(router, '/investor/funds/7/documents?sort=name');
  await vi.runAllTimersAsync();
  expect(asked).toEqual([
    '/page-files.json',
    '/assets/shell-1.js',
    '/assets/fund-page-3.js',
    '/assets/money-6.js',
    '/assets/chart-7.js',
    '/assets/chart-7.css',
  ]);

  asked.length = 0;
  await downloadPageCode(router, '/investor/funds');
  await downloadPageCode(router, '/investor/funds/8');
  await vi.runAllTimersAsync();
  expect(asked).toEqual(['/assets/funds-page-2.js', '/assets/table-5.js']);
  expect(loaded).toEqual([]);

  // A tab's route preloads on intent as its page does, loading the page's module once.
  const tab = router.routesById['/investor/funds/$id/documents'].options.component!;
  await tab.preload?.();
  expect(loaded).toEqual(['features/funds/fund-page']);
});
