import { runFoundationBench } from './foundation';
import { runReservationBench } from './reservations';

/** `npm run bench`: every benchmark in turn. Figures and ratios only — nothing passes or fails on time. */
console.log(`# Benchmarks — ${new Date().toISOString()} — Node ${process.version}`);
await runFoundationBench();
await runReservationBench();
