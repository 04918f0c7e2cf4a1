/**
 * Where the site sends a visitor next (issue 28, items 3 and 4), through the whole server in-process:
 * better-auth's return addresses are held to our same-site rule, and a return address beyond
 * ASCII becomes a valid Location instead of a 500.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProfile } from "#db/seed/factories";
import { resetEnvCache } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { getTestDb } from "../tests/setup/database";
import { type EdgeServer, edgeServer, sessionCookie } from "../tests/setup/edge-server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
vi.stubEnv("RATE_LIMITS", "off");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const ORIGIN = "http://localhost";
const REFUSED = "This link sends you to another site, so it was not followed.";

let db: Database;
let server: EdgeServer;
let member: string;

beforeAll(async () => {
  db = await getTestDb();
  await createProfile(db, { handle: "redirected" }, { email: "redirected@example.com" });
  member = await sessionCookie(db, "redirected@example.com");
  server = await edgeServer(db);
}, 120_000);

/** Whether a Location keeps the visitor on this site. */
function onSite(location: string): boolean {
  const url = new URL(location, `${ORIGIN}/some/page`);
  return url.origin === ORIGIN && !url.pathname.startsWith("//");
}

const OFF_SITE = [
  "/..//evil.example/phish",
  "/../..//evil.example",
  "/%2e%2e//evil.example",
  "/.//evil.example",
  "//evil.example",
  "https://evil.example/phish",
  "/\\evil.example",
  "/\t/evil.example",
  "http://localhost.evil.example/",
  "javascript:alert(1)",
];

// better-auth's endpoints that read a return address from the query, each with its parameters.
const LINKS: [string, string[]][] = [
  ["/api/auth/verify-email?token=x", ["callbackURL"]],
  ["/api/auth/magic-link/verify?token=x", ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]],
  ["/api/auth/reset-password/x", ["callbackURL"]],
  ["/api/auth/delete-user/callback?token=x", ["callbackURL"]],
  ["/api/auth/callback/google?state=x&code=y", ["callbackURL", "errorCallbackURL"]],
];

describe("better-auth's return addresses (item 3)", () => {
  it("the reported link: verify-email with callbackURL=/..//evil.example/phish is refused, not sent to //evil.example", async () => {
    const answer = await server.request(`${ORIGIN}/api/auth/verify-email?token=x&callbackURL=/..//evil.example/phish`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(await answer.text()).toBe(REFUSED);
  });

  for (const [link, params] of LINKS) {
    for (const param of [...params, "redirectTo"]) {
      it(`${link.split("?")[0]}: an off-site ${param} is refused, and no answer leaves the site`, async () => {
        for (const target of OFF_SITE) {
          const answer = await server.request(`${ORIGIN}${link}${link.includes("?") ? "&" : "?"}${param}=${encodeURIComponent(target)}`, {
            redirect: "manual",
          });
          expect(answer.status, `${param}=${target}`).toBe(400);
          expect(answer.headers.get("location"), `${param}=${target}`).toBeNull();
        }
      });
    }
  }

  it("a return address on this site still works (a path, or our own origin)", async () => {
    const path = await server.request(`${ORIGIN}/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent("/confirm?next=/atlas")}`);
    expect(path.status).toBe(302);
    expect(path.headers.get("location")).toMatch(/^\/confirm\?next=\/atlas&error=/);
    const absolute = await server.request(`${ORIGIN}/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(`${ORIGIN}/confirm`)}`);
    expect(absolute.status).toBe(302);
    expect(onSite(absolute.headers.get("location")!)).toBe(true);
  });

  it("a return address in a JSON body is held to the same rule", async () => {
    const answer = await server.request(`${ORIGIN}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ provider: "google", callbackURL: "/..//evil.example/phish" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe(REFUSED);
    const form = await server.request(`${ORIGIN}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ provider: "google", callbackURL: "https://evil.example/" }).toString(),
    });
    expect(form.status).toBe(400);
  });
});

describe("return addresses beyond ASCII (item 4)", () => {
  const cases: [string, string][] = [
    ["/auth?redirectTo=/%E3%80%82x", "/%E3%80%82x"],
    ["/auth?redirectTo=/caf%C3%A9/%F0%9F%98%80", "/caf%C3%A9/%F0%9F%98%80"],
    ["/confirm?next=/%E3%80%82x", "/%E3%80%82x"],
  ];

  for (const [path, location] of cases) {
    it(`${path} (signed in): a redirect to ${location}, not a 500`, async () => {
      const answer = await server.request(`${ORIGIN}${path}`, { headers: { cookie: member } });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(location);
    });

    it(`${path.replace("?", ".data?")} (signed in): the redirect in the data, not a 500`, async () => {
      const answer = await server.request(`${ORIGIN}${path.replace("?", ".data?")}`, { headers: { cookie: member } });
      expect(answer.status).toBeLessThan(500);
      expect(await answer.text()).toContain(location);
    });
  }

  it("the sign-in form's redirectTo beyond ASCII: signed in and sent there, encoded", async () => {
    const answer = await server.request(`${ORIGIN}/auth`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login", mode: "page", redirectTo: "/。x", email: "redirected@example.com", password: "spotfolio-demo" }).toString(),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/%E3%80%82x");
  });
});
