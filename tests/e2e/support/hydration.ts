import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page (root.tsx marks <html data-hydrated>). A click before
 * that reaches the server-rendered markup: a plain form posts, a button that only opens something
 * does nothing. The faster the browser, the likelier a test's click lands there first.
 */
export const hydrated = (page: Page) => page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
