import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';

/** Figures in issue 17 before compression and the lighter first download. */
const ISSUE_FIGURES = { '/login': 'score 56–58, LCP 6.9–9.3 s', '/investor': 'score 39–46, LCP 6.9–9.3 s' } as const;

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
}

/** One Lighthouse run, mobile preset (its default), performance only. */
async function audit(port: number, url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const scripts = (
    lhr.audits['resource-summary'].details as unknown as { items: Array<{ resourceType: string; transferSize: number }> }
  ).items.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time'].numericValue ?? 0,
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
  };
}

const row = (label: string, f: Figures) =>
  `| ${label} | ${f.score} | ${(f.lcpMs / 1000).toFixed(1)} s | ${Math.round(f.tbtMs)} ms | ${f.scriptKb.toFixed(0)} KB |`;

/**
 * `npm run bench -- lighthouse`: Lighthouse (mobile preset) in Debian's Chromium on /login and on the
 * signed-in investor overview of the built web app (`npm run build` first), each as served today
 * and with compression refused (`Accept-Encoding: identity`) in the same run, beside issue 17's
 * figures from before.
 */
export async function runLighthouseBench() {
  const server = await startBenchServer('postgres', undefined, { BENCH_WEB_DIST: path.resolve(import.meta.dirname, '../apps/web/dist') });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const investor = await signIn(base, 'investor@demo.test', DEMO_PASSWORD);
    console.log('\n## Lighthouse, mobile preset (`lighthouse`)');
    console.log('| page | performance | LCP | TBT | JS transferred |');
    console.log('|---|---|---|---|---|');
    for (const [page, headers] of [
      ['/login', {}],
      ['/investor', { cookie: investor.cookie }],
    ] as const) {
      console.log(row(`${page} (compressed)`, await audit(chrome.port, `${base}${page}`, headers)));
      console.log(
        row(
          `${page} (Accept-Encoding: identity)`,
          await audit(chrome.port, `${base}${page}`, { ...headers, 'accept-encoding': 'identity' }),
        ),
      );
      console.log(`| ${page} before (issue 17) | ${ISSUE_FIGURES[page]} | | | |`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}
