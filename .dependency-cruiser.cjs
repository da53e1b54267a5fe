/**
 * The architecture's boundaries (DESIGN.md, "Layout"), checked by `npm run lint:boundaries`, which
 * `npm test` runs with the lint stage. A new import across a boundary fails the test run.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle makes modules load in an order nobody chose.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-is-standalone',
      severity: 'error',
      comment: 'packages/domain is shared by the browser and the server; it imports nothing from the apps.',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-are-independent',
      severity: 'error',
      comment: 'A feature folder never imports another feature; features meet in app/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-stays-below-features',
      severity: 'error',
      comment: 'components/ and lib/ serve every feature, so they never import features/ or app/.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-modules-meet-through-services',
      severity: 'error',
      comment:
        "A server module reaches another only through that module's service, built once in the composition root; never its repo or routes.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/(repo|routes)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-modules-stay-out-of-auth-internals',
      severity: 'error',
      comment:
        "Modules read the caller through auth/guard.ts; sessions, tokens, identities and second factors are auth's own.",
      from: { path: '^apps/server/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/auth/(repo|identity-repo|mfa-repo)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
