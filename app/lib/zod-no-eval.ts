/**
 * Zod compiles its object parsers with `new Function` where the page may evaluate code, and
 * finds out by trying once. Our Content-Security-Policy forbids eval, so that probe is refused
 * and the browser reports a CSP violation (Lighthouse: best practices 96 on the Studio) even
 * though zod catches it and parses without compiling. In the browser zod is told up front:
 * jitless. The server keeps the compiled parsers (no CSP there).
 *
 * Imported first by root.tsx, whose module graph the browser evaluates before any route
 * module's, so before any schema is built. It sets zod's global configuration object (the one
 * `z.config()` changes, kept on globalThis) rather than calling `z.config()`: importing zod here
 * would move the zod every form route shares into the chunk every page loads (4 KB gzip).
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function zodWithoutEval(): void {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig = Object.assign(global.__zod_globalConfig ?? {}, { jitless: true });
}

if (!import.meta.env.SSR) zodWithoutEval();
