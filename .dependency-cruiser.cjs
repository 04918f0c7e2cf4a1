/**
 * Import rules checked by `npm run lint` (docs/conventions.md explains them).
 * Why: the creator side adds many modules; circles and upward imports are
 * what make a codebase of this size hard to change.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      // A circle with a type-only link is erased from the bundle: useRootData() takes its type from the root loader.
      comment: "No import circles (at run time).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "lib-imports-no-module",
      severity: "error",
      comment: "app/lib is cross-cutting: it imports nothing from app/modules, app/components or app/routes.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(modules|components|routes)/" },
    },
    {
      name: "modules-import-no-ui",
      severity: "error",
      comment: "Domain modules hold no React and know nothing of routes or components.",
      from: { path: "^app/modules/" },
      to: { path: "^app/(components|routes)/" },
    },
    {
      name: "components-import-no-routes",
      severity: "error",
      comment: "Components are used by routes, never the other way round.",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "no-route-module-imports",
      severity: "error",
      comment:
        "Nothing imports a route module (app/routes/**, but for the *.server.ts adapters beside them): what two routes share belongs in a module or a component. Tests import the route they test.",
      from: { pathNot: "(\\.test\\.tsx?$|^tests/)" },
      to: { path: "^app/routes/", pathNot: "(\\.server\\.ts$|/\\+types/)" },
    },
    {
      name: "audit-owns-the-audit-log",
      severity: "error",
      comment:
        "Only modules/audit writes (or reads) the admin audit log: its table is not in the #db/schema barrel, and nothing else may import it. Tests may read it to check what was written.",
      from: { pathNot: "(^app/modules/audit/|^db/schema/|\\.test\\.tsx?$|^tests/)" },
      to: { path: "^db/schema/audit\\.ts$" },
    },
    {
      name: "money-owns-the-ledger",
      severity: "error",
      comment:
        "Only modules/money writes (or reads) the ledger (db/schema/ledger.ts, kept out of the #db/schema barrel like the audit log): a balance is a sum of its postings, and no other code may post, change or delete one.",
      from: { pathNot: "(^app/modules/money/|^db/schema/|\\.test\\.tsx?$|^tests/)" },
      to: { path: "^db/schema/ledger\\.ts$" },
    },
    {
      name: "modules-through-public-files",
      severity: "error",
      comment:
        "A module imports another only through its public file: index.ts (browser-safe) or index.server.ts (server). What is not exported there is the module's own business.",
      from: { path: "^app/modules/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/modules/[^/]+/", pathNot: ["^app/modules/$1/", "^app/modules/[^/]+/index(\\.server)?\\.ts$"] },
    },
    {
      name: "no-test-imports-in-app",
      severity: "error",
      from: { path: "^(app|server|db/schema)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "\\.test\\.tsx?$|^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|data|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
