/**
 * The import rules of server/src and web/src: no circle, and the layers of
 * docs/architecture.md ("Layers"). `npm run check:imports` runs them in
 * `npm test`; a broken rule fails it with the import that broke it.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** The bottom of the server: what every module may use, and which uses no module. */
const BOTTOM =
  '^server/src/(store|config)/|^server/src/(clock|errors|chains)[.]ts$|^server/src/graphql/generated/schema-enums[.]ts$';
/** The schema's enums as plain types (schema/codegen.ts): generated, importing nothing. */
const SCHEMA_ENUMS = '^server/src/graphql/generated/schema-enums[.]ts$';
/** A module's table types: each joins the one Database type (store/database.ts) by declaration merging. */
const TABLES = '^server/src/.+-tables?[.]ts$';
/** Tests may reach across layers to set up what they check; they still make no circle. */
const TESTS = '[.]test[.]tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circle in server/src or web/src. Type-only imports count: a circle of types is still a circle of design.',
      from: { path: '^(server|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'bottom-imports-no-module',
      severity: 'error',
      comment:
        "store/, config/, clock.ts, errors.ts, chains.ts and the generated schema enums are below every module: they import none (each module's *-tables.ts adds its tables to store/database.ts's open Database interface, not the other way round).",
      from: { path: BOTTOM, pathNot: TESTS },
      to: { path: '^server/src/', pathNot: BOTTOM },
    },
    {
      name: 'tables-are-their-modules-own',
      severity: 'error',
      comment:
        'A module\'s *-tables.ts is its own: another module reads and writes those rows through the owner\'s store functions, never its table types (docs/architecture.md, "How to add a module").',
      from: { path: '^server/src/([^/]+)/', pathNot: TESTS },
      to: { path: TABLES, pathNot: '^server/src/$1/' },
    },
    {
      name: 'platform-names-no-module',
      severity: 'error',
      comment:
        'The seams name no module: the store, the GraphQL schema\'s assembly, the services and their composition read modules.ts, whose descriptors each module exports (docs/architecture.md, "How to add a module").',
      from: {
        path: '^server/src/(store/database|graphql/resolvers|services|create-services|sigil-module)[.]ts$',
      },
      to: {
        path: '^server/src/(access|accounts|admin|audit|auth|images|oidc|passkeys|profiles|roles|rpc|sessions|webhooks)/',
      },
    },
    {
      name: 'roles-below-their-users',
      severity: 'error',
      comment:
        'roles/ answers which roles an account holds for access/, admin/, audit/ and oidc/ (through the access checker); it imports only the bottom and accounts/.',
      from: { path: '^server/src/roles/', pathNot: TESTS },
      to: { path: '^server/src/', pathNot: [BOTTOM, '^server/src/(roles|accounts)/'] },
    },
    {
      name: 'no-request-layer-below-modules',
      severity: 'error',
      comment:
        'GraphQL and HTTP (context, guards such as requireAdministrator, routes) sit above the modules: roles/, changes/ and the bottom never import them, nor the composition root (services.ts, app.ts).',
      from: { path: [BOTTOM, '^server/src/(roles|changes)/'], pathNot: TESTS },
      to: {
        path: '^server/src/(graphql|http)/|^server/src/(services|app|main)[.]ts$',
        pathNot: SCHEMA_ENUMS,
      },
    },
    {
      name: 'app-is-the-root',
      severity: 'error',
      comment: 'app.ts builds the process; only main.ts (and tests) import it.',
      from: { path: '^server/src/', pathNot: ['^server/src/main[.]ts$', TESTS] },
      to: { path: '^server/src/(app|main)[.]ts$' },
    },
    {
      name: 'links-from-patterns',
      severity: 'error',
      comment:
        'The route table imports every page; a page builds its links from app/route-patterns.ts (pathTo), never from the table.',
      from: { path: '^web/src/', pathNot: '^web/src/app/' },
      to: { path: '^web/src/app/route-table[.]ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the check cannot follow is an import it cannot check: every relative import resolves.',
      from: { path: '^(server|web)/src/' },
      to: { couldNotResolve: true, path: '^[.]' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated types are cruised too (npm test runs codegen first): a type
    // circle through them is still a circle.
    exclude: { path: '(^|/)dist/' },
    // Type-only imports are edges too (see no-circular).
    tsPreCompilationDeps: true,
    // `./x.js` in the server's sources names `./x.ts`.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
