/**
 * For the "http" project (playwright.config.ts): tests of what the server answers to requests
 * alone. They get `request` (and the fixture's `signIn(request, …)`), never a browser: asking for
 * `page`, `context` or `browser` here fails, so none is started for them.
 */
import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

const noBrowser = () => {
  throw new Error("tests in tests/e2e/http/ run without a browser: use `request`, or move the test to a browser spec");
};

/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter: these have none. */
export const test = base.extend({
  page: async ({}, _use) => noBrowser(),
  context: async ({}, _use) => noBrowser(),
  browser: [async ({}, _use) => noBrowser(), { scope: "worker" }],
});
/* eslint-enable no-empty-pattern */
