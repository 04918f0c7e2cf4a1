import { afterEach, describe, expect, it, vi } from "vitest";
import { EVENTS_ENDPOINT, track } from "./track";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("track()", () => {
  it("sends the event as form data with a beacon", () => {
    const sendBeacon = vi.fn(() => true);
    const fetchSpy = vi.fn();
    vi.stubGlobal("navigator", { sendBeacon });
    vi.stubGlobal("fetch", fetchSpy);
    track("pricing_dialog_closed", { tier: "premium", step: 1 });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, URLSearchParams];
    expect(url).toBe(EVENTS_ENDPOINT);
    expect(body.get("type")).toBe("pricing_dialog_closed");
    expect(JSON.parse(body.get("properties")!)).toEqual({ tier: "premium", step: 1 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch when there is no beacon or it is refused", async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal("fetch", fetchSpy);
    vi.stubGlobal("navigator", { sendBeacon: () => false });
    track("pricing_dialog_closed");
    vi.stubGlobal("navigator", {});
    track("pricing_dialog_closed");
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(EVENTS_ENDPOINT);
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin" });
    expect((init.body as URLSearchParams).has("properties")).toBe(false);
  });

  it("never throws: not when the beacon throws, nor when the network fails", async () => {
    const rejected = vi.fn(() => Promise.reject(new TypeError("offline")));
    vi.stubGlobal("fetch", rejected);
    vi.stubGlobal("navigator", {
      sendBeacon: () => {
        throw new TypeError("beacon quota");
      },
    });
    expect(() => track("pricing_dialog_closed")).not.toThrow();
    vi.stubGlobal("navigator", {});
    expect(() => track("pricing_dialog_closed")).not.toThrow();
    await Promise.resolve();
    expect(rejected).toHaveBeenCalledTimes(1);
  });
});
