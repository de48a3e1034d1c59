// The bundle-size check of `npm test` (docs/decisions/0043): what a first visit to a page downloads
// before it can show — the entry's chunks and those of the page's lazy routes, followed through
// their static imports in Vite's manifest — summed as the build's own .gz files, against a budget
// per page. Size, never time.
import fs from 'node:fs';
import path from 'node:path';

const KB = 1024;
/**
 * The lazy route modules a page needs besides the entry (`lazyPage` in apps/web/src/app/page-code.ts).
 * Budgets sit just above today's sizes so any growth fails; investor pages must stay under 200 KB
 * (issue 17; decisions 0043, 0046, 0068) — lower a budget whenever a change makes room.
 */
export const BUDGETS = [
  { page: 'login', kind: 'js', budget: 181 * KB, modules: ['login-start'] },
  {
    page: 'investor overview',
    kind: 'js',
    budget: 164 * KB,
    // The shell and the overview are built into one chunk, named in apps/web/vite.config.ts.
    modules: ['investor-start'],
  },
  {
    page: 'admin overview',
    kind: 'js',
    // 227 until the sign-in page's chunks were grouped (login-start, decision 0072): the admin shell
    // now takes the form inputs they share in that one file. 234 until each lazy page carried its
    // module's name for link prefetch (decision 0080, +1.1 KB in the entry).
    budget: 236 * KB,
    modules: ['src/features/admin-shell/components/admin-shell.tsx', 'src/features/admin-overview/components/overview-page.tsx'],
  },
  { page: 'every page', kind: 'css', budget: 34 * KB, modules: [] },
];

/** Gzip bytes of each budget's files in `dist`, and every text asset that lacks its .br or .gz. */
export function measureBundles(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzipped = (file) => fs.statSync(path.join(dist, `${file}.gz`)).size;
  /** A budget names a module by its source path, or a chunk the build's groups make by that chunk's name. */
  const chunkOf = (key) => manifest[key] ?? Object.values(manifest).find((chunk) => chunk.name === key && !chunk.src);
  const results = BUDGETS.map(({ page, kind, budget, modules }) => {
    const files = new Set();
    const visit = (key) => {
      const chunk = chunkOf(key);
      if (!chunk) throw new Error(`${key} is not in the build's manifest: the budget names a module or chunk that moved`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of [entry, ...modules]) visit(key);
    const ofKind = [...files].filter((file) => file.endsWith(`.${kind}`));
    return { page, kind, budget, bytes: ofKind.reduce((sum, file) => sum + gzipped(file), 0), files: ofKind.length };
  });
  const assets = fs.readdirSync(path.join(dist, 'assets')).filter((name) => /\.(js|css)$/.test(name));
  const uncompressed = assets.filter((name) => !['br', 'gz'].every((ext) => fs.existsSync(path.join(dist, 'assets', `${name}.${ext}`))));
  return { results, uncompressed };
}

/** Prints one line per budget and returns how many passed and failed. */
export function checkBundles(dist) {
  const { results, uncompressed } = measureBundles(dist);
  let passed = 0;
  let failed = 0;
  for (const { page, kind, budget, bytes, files } of results) {
    const ok = bytes <= budget;
    console.log(
      `${ok ? '✓' : '✗'} ${page}: ${kind.toUpperCase()} ${(bytes / KB).toFixed(1)} KB gzip in ${files} files (budget ${budget / KB} KB)`,
    );
    if (ok) passed += 1;
    else failed += 1;
  }
  const ok = uncompressed.length === 0;
  console.log(`${ok ? '✓' : '✗'} every JS and CSS asset has its .br and .gz${ok ? '' : `: missing for ${uncompressed.join(', ')}`}`);
  return ok ? { passed: passed + 1, failed } : { passed, failed: failed + 1 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { failed } = checkBundles(path.resolve(import.meta.dirname, '../apps/web/dist'));
  process.exit(failed ? 1 : 0);
}
