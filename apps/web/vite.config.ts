import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_REQUESTS, PAGE_REQUESTS } from './src/app/first-requests';
import type { PageFiles } from './src/app/page-code';

const api = 'http://localhost:3000';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text file of the build, once, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing the same
 * bundle on every request at a lower level (docs/decisions/0043).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const text = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } }),
            gzip(text, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Asks for the settings and the session from the page's head, so they arrive while the code
 * downloads instead of after it has run (docs/decisions/0046). `use-credentials` matches the API
 * client's `credentials: 'include'`, so its fetch takes the preloaded answer. Each signed-in page's
 * own first requests go to `.vite/page-requests.json`, which the server reads to name them in that
 * page's `Link` header (docs/decisions/0074); the build folder's dot folder is not served.
 */
function preloadFirstRequests(): Plugin {
  return {
    name: 'preload-first-requests',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/page-requests.json', source: JSON.stringify(PAGE_REQUESTS) });
    },
    transformIndexHtml: () =>
      FIRST_REQUESTS.map((href) => ({
        tag: 'link',
        attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'use-credentials' },
        injectTo: 'head-prepend' as const,
      })),
  };
}

/**
 * Asks from the page's head for two built files every first page waits on, so they download with the
 * entry instead of after it has run (docs/decisions/0072):
 * - the default font's Latin file: a browser asks for a font only once text using it is laid out,
 *   which came a round trip after the page's own chunk (a firm with its own font downloads it unused);
 * - the `investor-start` chunk (below): the investor's first page, and imported by the sign-in page
 *   and the admin shell for what they share with it.
 */
function preloadStartFiles(): Plugin {
  const font = 'montserrat-latin-wght-normal.woff2';
  return {
    name: 'preload-start-files',
    apply: 'build',
    transformIndexHtml: (_html, context) => {
      const outputs = Object.values(context.bundle ?? {});
      const fontFile = outputs.find((output) => output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(font)));
      const startChunk = outputs.find((output) => output.type === 'chunk' && output.name === 'investor-start');
      if (!fontFile || !startChunk) throw new Error(`The build has no ${fontFile ? 'investor-start chunk' : font} to preload`);
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: `/${fontFile.fileName}`, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' },
          injectTo: 'head' as const,
        },
        { tag: 'link', attrs: { rel: 'modulepreload', href: `/${startChunk.fileName}`, crossorigin: '' }, injectTo: 'head' as const },
      ];
    },
  };
}

/** `lazyPage(() => import('…')` as route files call it (src/app/page-code.ts). */
const LAZY_PAGE = /\blazyPage(<[^>]*>)?\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\2\s*\)/g;

/** A page module's name in the built app: its path in `src`, without the extension ('features/portfolio/components/portfolio-page'). */
const pageModule = (root: string, id: string) =>
  path
    .relative(path.join(root, 'src'), id)
    .replace(/\.tsx?$/, '')
    .split(path.sep)
    .join('/');

/**
 * Lets link prefetch download a page's files without running them (src/app/page-code.ts,
 * docs/decisions/0080):
 * - each `lazyPage(() => import('…'), …)` call is given the page module's path (`load.module`);
 * - `page-files.json` lists the chunk each of those modules is built into and every chunk's own
 *   imports, leaving out the files the entry loads at start.
 */
function pageFiles(): Plugin {
  let root = '';
  const pages = new Set<string>();
  return {
    name: 'page-files',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!id.startsWith(path.join(root, 'src')) || id.endsWith(`${path.sep}page-code.ts`) || !code.includes('lazyPage')) return;
      const calls = [...code.matchAll(LAZY_PAGE)];
      if (calls.length !== [...code.matchAll(/\blazyPage(<[^>]*>)?\(/g)].length) {
        this.error(`${id}: every lazyPage call takes \`() => import('…')\` as written, so the build can name its module`);
      }
      const modules = new Map<string, string>();
      for (const [, , , specifier] of calls) {
        const resolved = await this.resolve(specifier, id);
        if (!resolved) this.error(`${id}: cannot resolve ${specifier}`);
        modules.set(specifier, pageModule(root, resolved.id));
      }
      for (const module of modules.values()) pages.add(module);
      const rewritten = code.replace(
        LAZY_PAGE,
        (_call, types = '', quote, specifier) =>
          `lazyPage${types}(Object.assign(() => import(${quote}${specifier}${quote}), { module: ${JSON.stringify(modules.get(specifier))} })`,
      );
      return { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const loaded = new Set<string>();
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const load = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) load(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) load(chunk.fileName);
      const files: PageFiles = { pages: {}, imports: {} };
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const module = pageModule(root, id);
          if (pages.has(module)) files.pages[module] = `/${chunk.fileName}`;
        }
        if (loaded.has(chunk.fileName)) continue;
        const imports = [...chunk.imports.filter((file) => !loaded.has(file)), ...(chunk.viteMetadata?.importedCss ?? [])];
        if (imports.length > 0) files.imports[`/${chunk.fileName}`] = imports.map((file) => `/${file}`);
      }
      const missing = [...pages].filter((module) => !files.pages[module]);
      if (missing.length > 0) this.error(`No chunk holds the lazily loaded page modules ${missing.join(', ')}`);
      this.emitFile({ type: 'asset', fileName: 'page-files.json', source: JSON.stringify(files) });
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadFirstRequests(), preloadStartFiles(), pageFiles(), precompress()],
  // The manifest lets the bundle-size check of `npm test` follow each page's chunks (scripts/bundle-size.mjs).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in one file: as some 60 small chunks it cost a
            // round trip per six files on an HTTP/1.1 line and compressed 20 KB worse (decision 0068).
            { name: 'initial', tags: ['$initial'] },
            // What an investor's first page needs besides the entry (the shell and the overview, and
            // what they import), in one file for the same reason. Budgets name it (scripts/bundle-size.mjs).
            {
              name: 'investor-start',
              test: /src[/]features[/](investor-shell[/]components[/]investor-shell|investor-overview[/]investor-overview-page)\.tsx$/,
            },
            // The sign-in page, every signed-out visitor's first, with what it imports: as 18 small
            // chunks it took three rounds of six requests after the entry had run. Listed second, so
            // what it shares with the investor's first page stays in investor-start.
            { name: 'login-start', test: /src[/]features[/]auth[/]components[/]login-page\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/login': { target: api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/logout': api,
      '/sanctum': api,
      '/password': api,
      '/email': api,
      '/app': { target: api, ws: true },
    },
  },
});
