/**
 * What the error log hears from React Router (issue 28, item 9): its own refusals of a client's
 * mistake (a method a route does not take, no route for the path) are noted at info, and only
 * what really failed is an error.
 */
import pino from "pino";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "./lib/request-context";
import { handleError } from "./entry.server";

function withLog() {
  const lines: { level: number; msg: string; status?: number }[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "r", nonce: "", clientIp: "203.0.113.1", log });
  return { lines, context };
}

const report = (error: unknown, context: RouterContextProvider, method = "GET") =>
  handleError(error, { request: new Request("http://localhost/api/follows", { method }), context, params: {} } as unknown as Parameters<typeof handleError>[1]);

describe("handleError", () => {
  it("a GET to a route without a loader, a POST to one without an action: info, not error", () => {
    const { lines, context } = withLog();
    report(new ErrorResponseImpl(400, "Bad Request", new Error('You made a GET request to "/api/follows" but did not provide a `loader`'), true), context);
    report(new ErrorResponseImpl(405, "Method Not Allowed", new Error("no action"), true), context, "POST");
    expect(lines.map((l) => [l.level, l.status])).toEqual([
      [30, 400],
      [30, 405],
    ]);
  });

  it("an exception in a loader or action is still an error", () => {
    const { lines, context } = withLog();
    report(new Error("boom"), context);
    report(new ErrorResponseImpl(500, "Internal Server Error", new Error("boom"), true), context);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, "unhandled error in a loader or action"],
      [50, "unhandled error in a loader or action"],
    ]);
  });
});
