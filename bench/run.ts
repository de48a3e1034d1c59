import { runBoardBench } from './board';
import { runBookBench } from './book';
import { runExportsBench } from './exports';
import { runFoundationBench } from './foundation';
import { runInvestorsBench } from './investors';
import { runKpisBench } from './kpis';
import { runLighthouseBench } from './lighthouse';
import { runPortfolioBench } from './portfolio';
import { runPortfolioPageBench } from './portfolio-page';
import { runRealtimeBench } from './realtime';
import { runReportsBench } from './reports';
import { runReservationBench } from './reservations';
import { runSoakBench } from './soak';
import { runStartupBench } from './startup';
import { runStatementsBench } from './statements';

/**
 * `npm run bench`: every benchmark in turn; `npm run bench -- portfolio board` only those named.
 * Figures and ratios only — nothing passes or fails on time.
 */
const BENCHES: Record<string, () => Promise<void>> = {
  foundation: runFoundationBench,
  reservations: runReservationBench,
  portfolio: runPortfolioBench,
  book: runBookBench,
  board: runBoardBench,
  investors: runInvestorsBench,
  exports: runExportsBench,
  kpis: runKpisBench,
  reports: runReportsBench,
  realtime: runRealtimeBench,
  soak: runSoakBench,
  startup: runStartupBench,
  statements: runStatementsBench,
  lighthouse: runLighthouseBench,
  'portfolio-page': runPortfolioPageBench,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}. Choose from: ${Object.keys(BENCHES).join(', ')}.`);
  process.exit(2);
}
console.log(`# Benchmarks — ${new Date().toISOString()} — Node ${process.version}`);
for (const name of asked.length ? asked : Object.keys(BENCHES)) await BENCHES[name]();
