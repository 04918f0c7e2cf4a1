// Bundles the Hono entry (server/index.ts) into build/server-entry.js.
// Dependencies stay external; our own TypeScript is compiled and the tsconfig
// path aliases are resolved by esbuild.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server-entry.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  jsx: "automatic",
});
console.log("built build/server-entry.js");
