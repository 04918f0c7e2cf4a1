import { vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";

/**
 * Set environment variables for this test file and drop the app's cached settings, so its next
 * read sees them. In the integration project they are undone after the file
 * (tests/setup/integration.ts): call it at the top of the file, in a hook or in a test.
 */
export function stubTestEnv(variables: Record<string, string>): void {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  resetEnvCache();
}
