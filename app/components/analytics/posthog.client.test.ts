import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const config = { key: "phc_key", apiHost: "https://eu.i.posthog.com", assetsHost: "https://eu-assets.i.posthog.com" };

type Win = { posthog?: unknown; location: { protocol: string } };
let win: Win;
let scripts: { src: string; async: boolean }[];

beforeEach(() => {
  vi.resetModules();
  scripts = [];
  win = { location: { protocol: "https:" } };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", {
    createElement: () => ({}) as { src: string; async: boolean },
    head: { appendChild: (el: { src: string; async: boolean }) => scripts.push(el) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PostHog in the browser", () => {
  it("loads PostHog's script once, initialised with masked recordings and page views", async () => {
    const { syncPostHog } = await import("./posthog.client");
    syncPostHog(config, null);
    syncPostHog(config, null);
    expect(scripts).toEqual([expect.objectContaining({ src: "https://eu-assets.i.posthog.com/static/array.js", async: true })]);
    const queue = win.posthog as unknown[] & { _i: [string, Record<string, unknown>, string][] };
    expect(queue._i).toEqual([
      [
        "phc_key",
        expect.objectContaining({
          api_host: "https://eu.i.posthog.com",
          person_profiles: "always",
          capture_pageview: "history_change",
          mask_all_text: true,
          secure_cookie: true,
          session_recording: { maskAllInputs: true, maskTextSelector: "*" },
        }),
        "posthog",
      ],
    ]);
    expect([...queue]).toEqual([]);
  });

  it("identifies the signed-in user (queued until the script runs), and resets on sign-out", async () => {
    const { syncPostHog } = await import("./posthog.client");
    syncPostHog(config, "user_1");
    syncPostHog(config, "user_1");
    expect([...(win.posthog as unknown[])]).toEqual([["identify", "user_1"]]);

    // The script has loaded and replaced the queue with PostHog itself.
    const posthog = { identify: vi.fn(), reset: vi.fn() };
    win.posthog = posthog;
    syncPostHog(config, null);
    expect(posthog.reset).toHaveBeenCalledTimes(1);
    syncPostHog(config, "user_2");
    expect(posthog.identify).toHaveBeenCalledWith("user_2");
  });

  it("never throws into the page", async () => {
    vi.stubGlobal("document", {
      createElement: () => {
        throw new Error("blocked");
      },
    });
    const { syncPostHog } = await import("./posthog.client");
    expect(() => syncPostHog(config, "user_1")).not.toThrow();
  });
});
