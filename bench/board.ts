import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, kilobytes, measure, responseSize } from './support/load';

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
    console.log(formatRow(`GET /api/pipelines/{id}/board (${n(server.deals)} deals)`, board, bare));
    const size = await responseSize(url, headers);
    console.log(
      `board response: ${kilobytes(size.bytes)} (${kilobytes(size.gzipBytes)} gzipped), ${Math.round(size.bytes / server.deals)} bytes a card; ${(board.mean / user.mean).toFixed(1)}× the time of GET /api/user`,
    );
  } finally {
    await server.stop();
  }
}
