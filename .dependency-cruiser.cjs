/**
 * The dependency rules of src/ (docs/architecture.md states them in prose). `npm run lint` runs them, so any
 * violation fails CI. No exceptions: a rule that does not fit the code means the code moves, not the rule.
 */
module.exports = {
  forbidden: [
    {
      name: 'platform-is-below-modules',
      comment:
        'platform/ is shared machinery without business rules: it never imports a module or an entry file ' +
        '(src/*.ts). What it needs of a module (the catalog for the gateway, listeners of internal events) ' +
        'is handed to it as functions where app.ts composes them.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules/|[^/]+\\.ts$)' },
    },
    {
      name: 'module-public-face',
      comment:
        'A module reaches another only through its public face: service.ts (the service, its row and view ' +
        'types, and what it re-exports for other modules) and schemas.ts (the wire shapes other routes embed, ' +
        'e.g. the user in an admin response). Stores, routes, views and internals stay private.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: {
        path: '^src/modules/[^/]+/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/(service|schemas)\\.ts$'],
      },
    },
    {
      name: 'modules-composed-only-by-app',
      comment:
        "A module's index.ts (create<Area>Module: its service, route plugin and jobs) is composed by app.ts " +
        'alone, in dependency order; nothing else builds a module.',
      severity: 'error',
      from: { pathNot: '^src/app\\.ts$' },
      to: { path: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'routes-do-not-import-routes',
      comment: "Route files are leaves, each registering its own routes: a module's index.ts registers them all.",
      severity: 'error',
      from: { path: 'routes\\.ts$' },
      to: { path: 'routes\\.ts$' },
    },
    {
      name: 'no-module-cycles',
      comment:
        'Modules form a DAG (checked folder by folder), so app.ts composes them in one order without late ' +
        'binding; a lower module needing a higher one declares a port and is handed a function.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'Within a module too, files form a DAG: a cycle means a shared piece wants a file of its own.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type is a dependency on its module as much as a value is.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
