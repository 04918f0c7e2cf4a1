/**
 * The webhook route as React Router serves it: Stripe posts from its own
 * servers (another origin, a JSON body), and React Router's cross-origin
 * check for actions must not stop it. A page action in the same build shows
 * the check is on.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext } from "~/lib/db-context.server";
import type { Database } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { logger } from "~/lib/logger.server";
import * as root from "~/root";
import * as webhookRoute from "./stripe";
import event from "../../../../tests/stripe/fixtures/event.json";
import { testServerBuild } from "../../../../tests/setup/server-build";

const SECRET = "whsec_route_test";
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_route",
  STRIPE_PUBLISHABLE_KEY: "pk_test_route",
  STRIPE_WEBHOOK_SECRET: SECRET,
  // Never called: the events sent here are verified and ignored before any API call.
  STRIPE_API_BASE: "http://127.0.0.1:9",
};
const saved: Record<string, string | undefined> = {};

const build = testServerBuild(root, {
  webhook: { path: "api/webhooks/stripe", module: webhookRoute },
  page: { path: "a-page", module: { default: () => null, action: () => ({ ok: true }) } },
});

function post(path: string, body: string, headers: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "test", nonce: "", clientIp: "127.0.0.1", log: logger });
  // Never queried: the events sent here are refused or ignored before the database.
  context.set(dbContext, {} as Database);
  const request = new Request(`http://spotfolio.test${path}`, { method: "POST", body, headers: { origin: "https://stripe.example", ...headers } });
  return createRequestHandler(build, "test")(request, context);
}

beforeAll(() => {
  for (const [key, value] of Object.entries(STRIPE_ENV)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  resetEnvCache();
});

afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

describe("POST /api/webhooks/stripe through React Router", () => {
  const payload = JSON.stringify(event);
  const signature = () => new Stripe("sk_test_route").webhooks.generateTestHeaderString({ payload, secret: SECRET });

  it("accepts Stripe's cross-origin JSON post and reads the raw body for the signature", async () => {
    const response = await post("/api/webhooks/stripe", payload, { "content-type": "application/json; charset=utf-8", "stripe-signature": signature() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: "plan.created" });
  });

  it("answers a bad signature itself with 400", async () => {
    const response = await post("/api/webhooks/stripe", payload, { "content-type": "application/json", "stripe-signature": "t=1,v1=00" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ received: false, error: "Invalid signature" });
  });

  it("while a page's action still refuses a cross-origin post (and takes a same-origin one)", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect((await post("/a-page", "x=1", form)).status).toBe(400);
    expect((await post("/a-page", "x=1", { ...form, origin: "http://spotfolio.test" })).status).toBe(200);
  });
});
