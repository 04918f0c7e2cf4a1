import { describe, expect, it } from "vitest";
import { forwardedUrl, withUrl } from "./forwarded";

const request = (headers: Record<string, string>, url = "http://127.0.0.1:3000/auth?step=login") => new Request(url, { headers });

describe("forwardedUrl", () => {
  it("applies a trusted proxy's scheme and host", () => {
    expect(forwardedUrl(request({ "x-forwarded-proto": "https", "x-forwarded-host": "spotfolio.example" }), true)).toBe(
      "https://spotfolio.example/auth?step=login",
    );
    expect(forwardedUrl(request({ "x-forwarded-proto": "https" }, "http://spotfolio.example/auth"), true)).toBe("https://spotfolio.example/auth");
    expect(forwardedUrl(request({ "x-forwarded-host": "spotfolio.example:8443" }), true)).toBe("http://spotfolio.example:8443/auth?step=login");
    expect(forwardedUrl(request({ "x-forwarded-proto": "HTTPS, http", "x-forwarded-host": "Spotfolio.Example, internal" }), true)).toBe(
      "https://spotfolio.example/auth?step=login",
    );
    expect(forwardedUrl(request({ "x-forwarded-host": "[::1]:8080" }), true)).toBe("http://[::1]:8080/auth?step=login");
  });

  it("changes nothing for anyone else, or when nothing (or nothing valid) is said", () => {
    expect(forwardedUrl(request({ "x-forwarded-proto": "https", "x-forwarded-host": "spotfolio.example" }), false)).toBeUndefined();
    expect(forwardedUrl(request({}), true)).toBeUndefined();
    expect(forwardedUrl(request({ "x-forwarded-proto": "http" }), true)).toBeUndefined();
    for (const host of ["evil.example/x", "user@evil.example", "evil example", "evil.example:99999999", "-evil.example", "evil.example\\"]) {
      expect(forwardedUrl(request({ "x-forwarded-host": host }), true), host).toBeUndefined();
    }
    expect(forwardedUrl(request({ "x-forwarded-proto": "javascript" }), true)).toBeUndefined();
  });
});

describe("withUrl", () => {
  it("keeps the method, headers and the unread body", async () => {
    const original = new Request("http://127.0.0.1/auth", { method: "POST", headers: { "content-type": "text/plain", origin: "https://a" }, body: "hello" });
    const moved = withUrl(original, "https://a/auth");
    expect(moved.url).toBe("https://a/auth");
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("origin")).toBe("https://a");
    expect(await moved.text()).toBe("hello");
  });
});
