#!/usr/bin/env node
// The server as one JavaScript file (`apps/server/dist/main.js`), so a start loads one module of our
// own instead of compiling hundreds of TypeScript files: `npm start` rebuilds it when the server's or
// the domain's sources are newer (decision 0048). Tests and `npm run bench` keep running the sources.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const DIST = path.join(server, 'dist');
export const SERVER_MAIN = path.join(DIST, 'main.js');
/** Whose changes make the build stale: the server's sources and the shared domain package it bundles. */
const SOURCES = [path.join(server, 'src'), path.join(root, 'packages/domain/src')];

function newestMtime(dir) {
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function serverBuildIsStale() {
  if (!fs.existsSync(SERVER_MAIN)) return true;
  const built = fs.statSync(SERVER_MAIN).mtimeMs;
  return SOURCES.some((dir) => newestMtime(dir) > built);
}

/**
 * Our modules (the server's and `@platform/*`) go into the bundle; every package from
 * `node_modules` stays an import, loaded by Node from where it is installed (native addons, WASM
 * files and data files next to their code keep working, and nothing is compiled twice).
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@platform/') ? undefined : { external: true }));
  },
};

/**
 * A module's `import.meta.dirname` keeps meaning the directory of its source file (migrations and
 * seed sources are read beside `db/`), written relative to the bundle so a moved checkout still works.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(DIST, path.dirname(args.path)).split(path.sep).join('/');
      const contents = source.replaceAll('import.meta.dirname', `__sourceDir(import.meta.dirname, ${JSON.stringify(relative)})`);
      return { contents: `import { resolve as __sourceDir } from 'node:path';\n${contents}`, loader: 'ts' };
    });
  },
};

/**
 * Built beside the running build and swapped in whole, so no chunk of an older build is left
 * behind. Code split: what a module loads with `import()` (the app while the database opens, PDF
 * and spreadsheet writers when one is asked for) is a chunk of its own, with its packages.
 */
export async function buildServer() {
  const next = `${DIST}.next-${process.pid}`;
  await esbuild.build({
    entryPoints: [path.join(server, 'src/main.ts')],
    outdir: next,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceDirname],
  });
  const previous = `${DIST}.previous-${process.pid}`;
  if (fs.existsSync(DIST)) fs.renameSync(DIST, previous);
  fs.renameSync(next, DIST);
  fs.rmSync(previous, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
