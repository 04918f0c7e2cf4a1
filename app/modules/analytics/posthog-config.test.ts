import { describe, expect, it } from "vitest";
import { POSTHOG_DEFAULT_HOST, postHogConfig, postHogOrigins } from "./posthog-config";

describe("PostHog configuration", () => {
  it("is off without a key, whatever the host", () => {
    expect(postHogConfig(undefined, "https://eu.i.posthog.com")).toBeNull();
    expect(postHogConfig("", undefined)).toBeNull();
    expect(postHogOrigins(null)).toEqual([]);
  });

  it("uses PostHog Cloud's assets host beside its API host", () => {
    expect(postHogConfig("phc_key", undefined)).toEqual({
      key: "phc_key",
      apiHost: POSTHOG_DEFAULT_HOST,
      assetsHost: "https://us-assets.i.posthog.com",
    });
    const eu = postHogConfig("phc_key", "https://eu.i.posthog.com/");
    expect(eu).toMatchObject({ apiHost: "https://eu.i.posthog.com", assetsHost: "https://eu-assets.i.posthog.com" });
    expect(postHogOrigins(eu)).toEqual(["https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"]);
  });

  it("serves everything from a self-hosted or proxied PostHog", () => {
    const own = postHogConfig("phc_key", "https://stats.example.com/ingest");
    expect(own).toMatchObject({ apiHost: "https://stats.example.com/ingest", assetsHost: "https://stats.example.com/ingest" });
    expect(postHogOrigins(own)).toEqual(["https://stats.example.com"]);
  });
});
