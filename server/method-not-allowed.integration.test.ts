/**
 * A GET (or HEAD) to a route that only takes posts (issue 28, item 9): a 405 with the method it
 * takes, noted by the access log at info, never reported as an error. Every such route of
 * app/routes.ts, through the whole server in-process (tests/setup/edge-server.ts).
 */
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { getTestDb } from "../tests/setup/database";
import { appServerBuild } from "../tests/setup/app-build";
import { type EdgeServer, edgeServer } from "../tests/setup/edge-server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const ORIGIN = "http://localhost";
let server: EdgeServer;

beforeAll(async () => {
  server = await edgeServer(await getTestDb());
}, 120_000);

describe("a read of a route that only takes posts (item 9)", () => {
  let build: ServerBuild;
  beforeAll(async () => {
    build = await appServerBuild();
  });

  /** Every resource route of app/routes.ts with an action and no loader, its parameters filled in. */
  function actionOnlyPaths(): string[] {
    const paths: string[] = [];
    for (const route of Object.values(build.routes)) {
      const module = route?.module;
      if (!route || !module || module.default || module.loader || !module.action) continue;
      const parts: string[] = [];
      for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
      paths.push(
        "/" +
          parts
            .join("/")
            .split("/")
            .map((s) => (s.startsWith(":") || s === "*" ? "x" : s))
            .join("/"),
      );
    }
    return paths;
  }

  it("is answered 405 with the method it takes, for every such route; only the access log notes it, at info", async () => {
    const paths = actionOnlyPaths();
    expect(paths).toEqual(expect.arrayContaining(["/api/follows", "/api/bookmarks", "/api/creator-application/withdraw"]));
    const before = server.lines.length;
    const spy = vi.spyOn(console, "error");
    for (const path of paths) {
      for (const [method, url] of [
        ["GET", path],
        ["HEAD", path],
        ["GET", `${path}.data`],
      ]) {
        const answer = await server.request(`${ORIGIN}${url}`, { method });
        expect(answer.status, `${method} ${url}`).toBe(405);
        expect(answer.headers.get("allow"), `${method} ${url}`).toBe("POST");
      }
    }
    const lines = server.lines.slice(before);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines.filter((l) => l.msg === "request" && l.status === 405 && l.level === 30)).toHaveLength(paths.length * 3);
    // React Router was not asked (it would report "did not provide a loader" to the error log).
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("the route still takes its posts, and pages and their data still answer GET", async () => {
    const post = await server.request(
      `${ORIGIN}/api/follows`,
      { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json" }, body: "{}" },
      "198.51.100.250",
    );
    expect(post.status).not.toBe(405);
    for (const path of ["/", "/auth", "/auth.data", "/robots.txt"]) {
      expect((await server.request(`${ORIGIN}${path}`)).status, path).toBeLessThan(400);
    }
  });
});
