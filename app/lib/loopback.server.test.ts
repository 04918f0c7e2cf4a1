import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import pino from "pino";
import { isLoopback, requireLoopback } from "./loopback.server";
import { requestContext } from "./request-context";

function contextFor(clientIp: string) {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "r", nonce: "n", clientIp, log: pino({ level: "silent" }) });
  return context;
}

describe("loopback-only developer tools", () => {
  it("recognises loopback addresses", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("10.0.0.5")).toBe(false);
    expect(isLoopback("203.0.113.9")).toBe(false);
  });
  it("answers 404 to anyone else", () => {
    const request = new Request("http://localhost/dev/ui");
    expect(() => requireLoopback(request, contextFor("127.0.0.1"))).not.toThrow();
    try {
      requireLoopback(request, contextFor("203.0.113.9"));
      expect.unreachable();
    } catch (error) {
      expect((error as { init?: { status?: number } }).init?.status).toBe(404);
    }
  });
});
