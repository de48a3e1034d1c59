// Module boundaries (docs/decisions/0021-module-boundaries.md, 0023-lint-and-format.md), checked by
// `npm test`. Cycles count runtime imports only (`import type` is erased before the code runs, so it
// cannot form a cycle at start-up); what is internal to a module or feature counts type imports too.
const server = '^apps/server/src/';
const web = '^apps/web/src/';
const tests = '\\.test\\.tsx?$|^apps/server/src/test/';

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment:
        'Folders depend downwards only: no chain of runtime imports between modules, shared/, platform/ and db/ comes back to where it started.',
      severity: 'error',
      scope: 'folder',
      from: { path: server },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-file-cycle',
      comment: 'No file of the server reaches itself again through its runtime imports.',
      severity: 'error',
      from: { path: server },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'platform-below-modules',
      comment: 'platform/ is the bottom layer: it knows no module and no shared piece.',
      severity: 'error',
      from: { path: `${server}platform/` },
      to: { path: `${server}(modules|shared)/` },
    },
    {
      name: 'shared-below-modules',
      comment: 'shared/ holds what several modules use; it never reaches back into a module.',
      severity: 'error',
      from: { path: `${server}shared/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'no-foreign-routes',
      comment: "A module's route files register its routes with app.ts; another module never imports them.",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/` },
      to: { path: `${server}modules/[^/]+/(routes|[^/]+-routes)\\.ts$`, pathNot: `${server}modules/$1/` },
    },
    {
      name: 'no-module-internals',
      comment: "Another module is used through its index.ts, which names what it offers; the module's other files are its own.",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/` },
      to: { path: `${server}modules/`, pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'no-feature-internals',
      comment: "A web feature uses another through its index.ts, which names what it offers; the feature's other files are its own.",
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: [`${web}features/$1/`, `${web}features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'no-composition-root',
      comment: 'app.ts assembles the modules; a module, shared piece or platform file never imports it.',
      severity: 'error',
      from: { path: `${server}(modules|shared|platform)/` },
      to: { path: `${server}app\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The demo seed fills the database through the modules' services, as app.ts assembles them:
    // it sits above every module, beside the composition root, not inside db/'s schema layer.
    // Tests start the whole app and reach any part of it; the layers are about the code that runs.
    exclude: { path: ['^apps/server/src/db/seed', tests] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
