import path from 'node:path';
import type { DealBoard } from '@platform/domain';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, kilobytes, measure, responseSize } from './support/load';

/** The whole board in one answer, as it was before columns were paged (measured 2026, same machine type). */
const WHOLE_BOARD = { mean: 228, p95: 457, kilobytes: 1191 };

/** The deal pipeline's kanban board with 5,000 deals across eight stages, on PostgreSQL, beside a bare route. */
export async function runBoardBench() {
  const server = await startBenchServer<{ boardId: number; deals: number; stages: number; otherDeals: number; loadSeconds: number }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/board.ts'),
  );
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const { cookie } = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    const headers = { cookie };
    const n = (value: number) => value.toLocaleString('en-GB');
    console.log(
      `\n## Kanban board: ${n(server.deals)} deals in ${server.stages} stages (${n(server.otherDeals)} more in another pipeline), PostgreSQL, 4 connections, 10 s each`,
    );
    const options = { connections: 4, durationMs: 10_000, headers };
    const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`, options);
    console.log(formatRow('bare Fastify route (baseline)', bare));
    const user = await measure(`${base}/api/user`, options);
    console.log(formatRow('GET /api/user (signed in)', user, bare));
    const url = `${base}/api/pipelines/${server.boardId}/board`;
    const board = await measure(url, options);
    console.log(formatRow(`GET /api/pipelines/{id}/board (first 25 of each column)`, board, bare));
    const size = await responseSize(url, headers);
    // A page from the middle of the longest column, as a scroll deep into it asks for.
    const { data } = (await (await fetch(url, { headers })).json()) as { data: DealBoard };
    const longest = data.stages.reduce((a, b) => (b.deals_count > a.deals_count ? b : a));
    const columnUrl = `${url}/stages/${longest.id}/deals?after=${Math.floor(longest.deals_count / 2)}`;
    const column = await measure(columnUrl, options);
    console.log(formatRow(`GET …/board/stages/{id}/deals (25 from the middle of ${n(longest.deals_count)})`, column, bare));
    const columnSize = await responseSize(columnUrl, headers);
    console.log(
      `board response: ${kilobytes(size.bytes)} (${kilobytes(size.gzipBytes)} gzipped); a column page ${kilobytes(columnSize.bytes)}; ${(board.mean / user.mean).toFixed(1)}× the time of GET /api/user`,
    );
    console.log(
      `before paging (every card in one answer, docs/benchmarks.md): mean ${WHOLE_BOARD.mean} ms, p95 ${WHOLE_BOARD.p95} ms, ${n(WHOLE_BOARD.kilobytes)} KB — now p95 ${(WHOLE_BOARD.p95 / board.p95).toFixed(1)}× lower, ${(WHOLE_BOARD.kilobytes / (size.bytes / 1024)).toFixed(0)}× smaller (target ≤ 50 ms p95, ≤ 100 KB)`,
    );
  } finally {
    await server.stop();
  }
}
