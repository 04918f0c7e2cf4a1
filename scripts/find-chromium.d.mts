/** The Chromium the browser tests run on (scripts/find-chromium.mjs). */
export function findChromium(options?: { install?: boolean }): string;
