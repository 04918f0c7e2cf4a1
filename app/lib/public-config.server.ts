import { configuredSocialProviders } from "~/modules/auth/auth.server";
import { env } from "./env.server";

/** Settings the browser may see (never secrets). */
export function publicConfig() {
  const e = env();
  return {
    productName: e.PRODUCT_NAME,
    infoEmail: e.INFO_EMAIL,
    helpUrl: e.HELP_URL,
    buildCheckIntervalMs: e.BUILD_CHECK_INTERVAL_MS,
    /** Sign-in providers with credentials configured; the others' buttons are hidden. */
    socialProviders: configuredSocialProviders() as string[],
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
