import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { forwardToPostHog, postHogCapture, type ForwardedEvent } from "./posthog.server";

const event: ForwardedEvent = {
  type: "subscribed_paid",
  userId: "user_1",
  anonymousId: "5b6f0d4e-2c1a-4b8e-9f3d-7a6c5e4d3b2a",
  attributionCreatorId: "creator_a",
  properties: { tier: "premium", is_authenticated: true },
  createdAt: new Date("2025-03-01T10:00:00Z"),
};

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("conversions sent to PostHog", () => {
  it("builds the capture body with the user as distinct id and the last-click creator", () => {
    const config = { key: "phc_key", apiHost: "https://eu.i.posthog.com", assetsHost: "https://eu-assets.i.posthog.com" };
    expect(postHogCapture(config, event)).toEqual({
      api_key: "phc_key",
      event: "subscribed_paid",
      distinct_id: "user_1",
      timestamp: "2025-03-01T10:00:00.000Z",
      properties: { tier: "premium", is_authenticated: true, attribution_creator_id: "creator_a", $lib: "spotfolio-server" },
    });
    expect(postHogCapture(config, { ...event, userId: null })?.distinct_id).toBe(event.anonymousId);
    expect(postHogCapture(config, { ...event, userId: null, anonymousId: null })).toBeNull();
  });

  it("sends nothing without POSTHOG_KEY", async () => {
    vi.stubEnv("POSTHOG_KEY", "");
    resetEnvCache();
    const fetchImpl = vi.fn();
    await forwardToPostHog(event, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("posts to the configured host and swallows failures", async () => {
    vi.stubEnv("POSTHOG_KEY", "phc_key");
    vi.stubEnv("POSTHOG_HOST", "https://eu.i.posthog.com");
    resetEnvCache();
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    await forwardToPostHog(event, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith("https://eu.i.posthog.com/i/v0/e/", expect.objectContaining({ method: "POST" }));
    const failing = vi.fn(() => Promise.reject(new Error("down")));
    await expect(forwardToPostHog(event, failing as unknown as typeof fetch)).resolves.toBeUndefined();
    const refusing = vi.fn(() => Promise.resolve(new Response(null, { status: 401 })));
    await expect(forwardToPostHog(event, refusing as unknown as typeof fetch)).resolves.toBeUndefined();
  });
});
