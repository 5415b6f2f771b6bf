/**
 * The import rules of server/src and web/src (docs/architecture.md, "Layers"),
 * checked by `npm run check:imports` in `npm test`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circle, type-only imports included: a circle of types is still a circle of design (docs/architecture.md, "Layers").',
      from: { path: '^(server|web)/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(generated|dist)/' },
    // Type-only imports are edges too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
