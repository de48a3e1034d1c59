#!/usr/bin/env node
// Type-checks every part of the repository; each has its own compiler settings (DOM for the web).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const PROJECTS = ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'bench'];
const root = path.resolve(import.meta.dirname, '..');

export function typecheck(project) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit'], {
    cwd: root,
    encoding: 'utf8',
  });
  return { project, ok: result.status === 0, output: result.stdout + result.stderr };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = 0;
  for (const project of PROJECTS) {
    const { ok, output } = typecheck(project);
    console.log(`${ok ? '✓' : '✗'} typecheck ${project}`);
    if (!ok) {
      failed += 1;
      console.log(output);
    }
  }
  process.exit(failed ? 1 : 0);
}
