/**
 * The legal room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns the legal documents and the creator FAQ.
 */
export { legalSlugs } from "./documents";
