import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { signIn, startBenchServer } from './support/client';

type PortfolioServer = Awaited<ReturnType<typeof startServer>>;
const startServer = (dist: string) =>
  startBenchServer<{ email: string; password: string; holdings: number }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/portfolio.ts'),
    {
      BENCH_WEB_DIST: dist,
    },
  );

/** A signed-in page of the bench's investor, the CPU slowed 4× as Lighthouse's mobile preset slows it. */
async function investorPage(browser: Browser, server: PortfolioServer) {
  const base = `http://127.0.0.1:${server.appPort}`;
  const [name, value] = (await signIn(base, server.email, server.password)).cookie.split(';')[0].split('=');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { base, page, close: () => context.close() };
}

/**
 * `npm run bench -- portfolio-page`: the investor's portfolio page with 500 holdings (the `portfolio`
 * data set), timed from a reload to its table's last row drawn, in Chromium with the CPU slowed 4×
 * and the code already cached, so the figure is drawing, not downloading. `PORTFOLIO_PAGE_BASELINE_DIST`
 * names another build (an earlier commit's `apps/web/dist`, copied aside), audited in the same run,
 * the builds taking turns; `PORTFOLIO_PAGE_RUNS` runs each (5 unless set).
 */
export async function runPortfolioPageBench() {
  const builds = [
    ...(process.env.PORTFOLIO_PAGE_BASELINE_DIST
      ? [{ name: 'baseline', dist: path.resolve(process.env.PORTFOLIO_PAGE_BASELINE_DIST) }]
      : []),
    { name: 'this build', dist: path.resolve(import.meta.dirname, '../apps/web/dist') },
  ];
  const servers = await Promise.all(builds.map(async (build) => ({ ...build, server: await startServer(build.dist) })));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    // The data set's investor has the client agreement to accept before the portal opens.
    for (const { server } of servers) {
      const { base, page, close } = await investorPage(browser, server);
      await page.goto(`${base}/investor`);
      await page.getByRole('button', { name: 'Read and accept Client agreement' }).click();
      const reader = page.getByRole('dialog', { name: 'Client agreement' });
      await reader.getByLabel('I have read, understood and accept Client agreement').check();
      await reader.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await close();
    }
    const times = new Map<string, number[]>(builds.map(({ name }) => [name, []]));
    for (let run = 0; run < Number(process.env.PORTFOLIO_PAGE_RUNS ?? 5); run += 1) {
      for (const { name, server } of servers) {
        const { base, page, close } = await investorPage(browser, server);
        const lastRow = page
          .getByRole('table', { name: 'Portfolio' })
          .locator('tbody tr')
          .nth(server.holdings - 1);
        await page.goto(`${base}/investor/portfolio`);
        await lastRow.waitFor({ timeout: 120_000 });
        const start = Date.now();
        await page.reload();
        await lastRow.waitFor({ timeout: 120_000 });
        times.get(name)!.push(Date.now() - start);
        await close();
      }
    }
    console.log(`\n## Investor portfolio page, ${servers[0].server.holdings} holdings, CPU 4× slower (\`portfolio-page\`)`);
    console.log('| build | drawn (median) | runs | vs baseline |');
    console.log('|---|---|---|---|');
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const baseline = times.get('baseline');
    for (const [name, runs] of times) {
      const ratio = baseline && name !== 'baseline' ? `${(median(runs) / median(baseline)).toFixed(2)}` : '—';
      console.log(`| ${name} | ${median(runs)} ms | ${runs.join(', ')} ms | ${ratio} |`);
    }
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
  }
}
