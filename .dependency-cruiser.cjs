/** Dependency rules of src/ (see docs/architecture.md). `npm run lint` runs them; any violation fails CI. */
module.exports = {
  forbidden: [
    {
      name: 'platform-is-below-modules',
      comment: 'platform/ is shared machinery without business rules: it must not know modules or the entry files.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules/|[^/]+\\.ts$)' },
    },
    {
      name: 'module-public-face',
      comment: 'A module reaches another module only through its service.ts (the service and the types it exports).',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/service\\.ts$'] },
    },
    {
      name: 'routes-do-not-import-routes',
      comment: "Route files are leaves: a module's index.ts registers them.",
      severity: 'error',
      from: { path: 'routes\\.ts$' },
      to: { path: 'routes\\.ts$' },
    },
    {
      name: 'no-module-cycles',
      comment: 'Modules form a DAG, so app.ts can compose them in dependency order.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/[^/]+/$' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
