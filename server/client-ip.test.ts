import { describe, expect, it } from "vitest";
import { clientIp, parseProxyList } from "./client-ip";

describe("clientIp", () => {
  const proxies = parseProxyList("10.0.0.1, ::ffff:10.0.0.2");
  it("uses the socket peer when there is no trusted proxy", () => {
    expect(clientIp("::ffff:203.0.113.9", "1.2.3.4", new Set())).toBe("203.0.113.9");
  });
  it("ignores forwarded headers from untrusted peers (spoofing)", () => {
    expect(clientIp("198.51.100.7", "1.2.3.4", proxies)).toBe("198.51.100.7");
  });
  it("takes the right-most untrusted hop behind trusted proxies", () => {
    expect(clientIp("10.0.0.1", "1.2.3.4, 203.0.113.9, 10.0.0.2", proxies)).toBe("203.0.113.9");
  });
});
