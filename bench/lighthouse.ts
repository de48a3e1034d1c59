import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
}

/** One Lighthouse run, mobile preset (its default), performance only. */
async function audit(port: number, url: string, headers: Record<string, string>, build: string, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // Chromium 156 leaves the navigation's start out of about one trace in ten (NO_NAVSTART): that run
  // is taken again. Any other run that could not measure (NO_FCP under heavy load) stops rather than
  // printing zeros.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 3) return audit(port, url, headers, build, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code}`);
  // LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report, to read its long tasks and requests.
  if (process.env.LIGHTHOUSE_REPORTS) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = `${build.replaceAll(' ', '-')}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
  }
  const scripts = (
    lhr.audits['resource-summary'].details as unknown as { items: Array<{ resourceType: string; transferSize: number }> }
  ).items.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: lhr.audits['first-contentful-paint'].numericValue ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time'].numericValue ?? 0,
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
  };
}

/**
 * One load of `url` in Chromium with the CPU slowed 4× for real (Lighthouse instead multiplies an
 * unthrottled trace's tasks by 4, and its estimate moves with the machine's load): the long tasks the
 * page reports (`longtask` entries), summed past 50 ms each after its first paint as total blocking
 * time counts them, and their whole length.
 */
async function measuredBlocking(browser: Browser, base: string, page: string): Promise<{ blockingMs: number; longTasksMs: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (page === '/investor') {
      const [name, value] = (await signIn(base, 'investor@demo.test', DEMO_PASSWORD)).cookie.split(';')[0].split('=');
      await context.addCookies([{ name, value, url: base }]);
    }
    const tab = await context.newPage();
    await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.addInitScript({
      content:
        'window.__longTasks = []; new PerformanceObserver((list) => { for (const task of list.getEntries()) window.__longTasks.push([task.startTime, task.duration]); }).observe({ type: "longtask", buffered: true });',
    });
    await tab.goto(`${base}${page}`, { waitUntil: 'load' });
    // The prefetches, the toasts' container and the realtime socket start once the page is idle.
    await tab.waitForTimeout(6000);
    return await tab.evaluate(() => {
      const tasks = (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks;
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return {
        blockingMs: tasks.filter(([start]) => start > firstPaint).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
        longTasksMs: tasks.reduce((sum, [, duration]) => sum + duration, 0),
      };
    });
  } finally {
    await context.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The median of the runs, and for the two targets (score, LCP) their range beside it. */
function row(label: string, runs: Figures[]) {
  const of = (pick: (f: Figures) => number) => runs.map(pick);
  const range = (values: number[], show: (v: number) => string) =>
    values.length > 1 ? ` (${show(Math.min(...values))}–${show(Math.max(...values))})` : '';
  const scores = of((f) => f.score);
  const lcps = of((f) => f.lcpMs);
  return (
    `| ${label} | ${median(scores)}${range(scores, String)} | ${seconds(median(of((f) => f.fcpMs)))} | ` +
    `${seconds(median(lcps))}${range(lcps, seconds)} | ${Math.round(median(of((f) => f.tbtMs)))} ms | ${median(of((f) => f.scriptKb)).toFixed(0)} KB |`
  );
}

/**
 * `npm run bench -- lighthouse`: Lighthouse (mobile preset) in Debian's Chromium on /login and on the
 * signed-in investor overview of the built web app (`npm run build` first), `LIGHTHOUSE_RUNS` times
 * each (3 unless set; one run's score moves by 5–8 points), printing the median and the range. With
 * `LIGHTHOUSE_BASELINE_DIST` naming another build (an earlier commit's `apps/web/dist`, copied aside),
 * that build is served by a second server and audited in the same run, the builds taking turns.
 * `LIGHTHOUSE_REPORTS` names a folder that keeps every run's whole report. A second table then loads
 * each page `BLOCKING_RUNS` times (8 unless set) per build with the CPU slowed for real
 * (`measuredBlocking`), which shows a change to blocking time more steadily than Lighthouse's
 * estimate on a shared machine.
 */
export async function runLighthouseBench() {
  const builds = [
    ...(process.env.LIGHTHOUSE_BASELINE_DIST ? [{ name: 'baseline', dist: path.resolve(process.env.LIGHTHOUSE_BASELINE_DIST) }] : []),
    { name: 'this build', dist: path.resolve(import.meta.dirname, '../apps/web/dist') },
  ];
  const servers = await Promise.all(
    builds.map(async (build) => ({ ...build, server: await startBenchServer('postgres', undefined, { BENCH_WEB_DIST: build.dist }) })),
  );
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    console.log('\n## Lighthouse, mobile preset (`lighthouse`)');
    console.log('| page | performance | FCP | LCP | TBT | JS transferred |');
    console.log('|---|---|---|---|---|---|');
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    for (const page of ['/login', '/investor'] as const) {
      const figures = new Map<string, Figures[]>(servers.map(({ name }) => [name, []]));
      for (let run = 0; run < runs; run += 1) {
        for (const { name, server } of servers) {
          const base = `http://127.0.0.1:${server.appPort}`;
          const headers: Record<string, string> =
            page === '/investor' ? { cookie: (await signIn(base, 'investor@demo.test', DEMO_PASSWORD)).cookie } : {};
          figures.get(name)!.push(await audit(chrome.port, `${base}${page}`, headers, name));
        }
      }
      for (const [name, results] of figures) console.log(row(`${page}, ${name} (${results.length} runs)`, results));
    }
    chrome.kill();
    chrome = undefined;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    console.log('\n### Blocking time measured, CPU slowed 4× (`BLOCKING_RUNS` loads each, builds taking turns)');
    console.log('| page | blocking after first paint, median (range) | long tasks in all, median |');
    console.log('|---|---|---|');
    for (const page of ['/login', '/investor'] as const) {
      const figures = new Map<string, Array<{ blockingMs: number; longTasksMs: number }>>(servers.map(({ name }) => [name, []]));
      for (let run = 0; run < Number(process.env.BLOCKING_RUNS ?? 8); run += 1) {
        for (const { name, server } of servers)
          figures.get(name)!.push(await measuredBlocking(browser, `http://127.0.0.1:${server.appPort}`, page));
      }
      for (const [name, results] of figures) {
        const blocking = results.map((result) => result.blockingMs);
        console.log(
          `| ${page}, ${name} | ${Math.round(median(blocking))} ms (${Math.round(Math.min(...blocking))}–${Math.round(Math.max(...blocking))}) | ` +
            `${Math.round(median(results.map((result) => result.longTasksMs)))} ms |`,
        );
      }
    }
  } finally {
    chrome?.kill();
    await browser?.close();
    for (const { server } of servers) await server.stop();
  }
}
