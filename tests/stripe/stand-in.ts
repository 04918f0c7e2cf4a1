/**
 * A local stand-in for the few Stripe API endpoints Spotfolio calls, so the
 * real `stripe` SDK can be tested without the network (point it here with
 * the `host`/`port`/`protocol` options, or STRIPE_API_BASE). It answers with
 * objects built from real Stripe fixtures (./fixtures), keeps them as Stripe
 * would (the current state of each subscription), and records every request
 * with its decoded parameters so tests can check what Stripe was sent.
 *
 * Endpoints: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
 * GET/POST /v1/subscriptions/:id (expand[]=customer), GET /v1/customers/:id,
 * GET /v1/invoices/:id, POST /v1/billing_portal/sessions.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe objects as plain JSON

const fixture = (name: string): Obj => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const FIXTURES = {
  session: fixture("checkout.session"),
  subscription: fixture("subscription"),
  customer: fixture("customer"),
  price: fixture("price"),
  event: fixture("event"),
  invoice: fixture("invoice"),
  legacyInvoice: fixture("invoice.paid.api-2020-08-27"),
};

/** The API version the SDK under test is pinned to (what real events would carry). */
export const API_VERSION = "2026-10-28.endive";

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
}

/** An invoice to issue: what differs from a paid, untaxed charge of the item's price for its current period. */
export interface StandInInvoiceOptions {
  /** Cents, tax included (default: the price's amount). */
  amount?: number;
  /** Cents of VAT included in the amount (default 0). */
  tax?: number;
  /** Unix seconds (default: the subscription item's current period). */
  period?: { start: number; end: number };
}

export interface StandInPrice {
  amount: number;
  interval: "month" | "year";
}

/** `a[b][0][c]=x` form or query fields into nested objects; index-only keys become arrays. */
export function decodeStripeParams(search: URLSearchParams): Obj {
  const root: Obj = {};
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const entries = Object.entries(value as Obj).map(([k, v]) => [k, arrays(v)] as const);
    const isList = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
    return isList ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Obj;
}

const clone = <T>(value: T): T => structuredClone(value);

/** An API error, answered in Stripe's error shape with this HTTP status. */
class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeStandIn(prices: Record<string, StandInPrice>) {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${(++counter).toString().padStart(6, "0")}`;

  const priceObject = (priceId: string): Obj => {
    const known = prices[priceId] ?? { amount: 2000, interval: "month" as const };
    const price = clone(FIXTURES.price);
    Object.assign(price, { id: priceId, currency: "eur", unit_amount: known.amount, unit_amount_decimal: String(known.amount), product: `prod_${priceId}` });
    price.recurring = { ...price.recurring, interval: known.interval, interval_count: 1 };
    return price;
  };

  function createCustomer(email: string | null): Obj {
    const customer = clone(FIXTURES.customer);
    Object.assign(customer, { id: nextId("cus"), email, created: now(), discount: null });
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(params: Obj): Obj {
    const session = clone(FIXTURES.session);
    const id = `cs_test_${nextId("s")}`;
    Object.assign(session, {
      id,
      client_secret: `${id}_secret_${counter}`,
      mode: params.mode,
      ui_mode: params.ui_mode,
      status: "open",
      payment_status: "unpaid",
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      return_url: params.return_url ?? null,
      success_url: null,
      cancel_url: null,
      subscription: null,
      created: now(),
      expires_at: now() + 24 * 3600,
      // Kept so completing it can build the subscription Stripe would.
      line_items_requested: params.line_items,
      subscription_data_requested: params.subscription_data ?? {},
    });
    sessions.set(id, session);
    return session;
  }

  /** The buyer paid: Stripe creates the customer (if needed) and the trialing subscription. */
  function completeCheckout(sessionId: string, buyer: { email?: string } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customer = session.customer ? customers.get(session.customer)! : createCustomer(session.customer_email ?? buyer.email ?? null);
    const priceId = session.line_items_requested[0].price as string;
    const trialDays = Number(session.subscription_data_requested.trial_period_days ?? 0);
    const start = now();
    const trialEnd = trialDays ? start + trialDays * 86400 : null;
    const periodEnd = trialEnd ?? start + (prices[priceId]?.interval === "year" ? 365 : 30) * 86400;

    const subscription = clone(FIXTURES.subscription);
    const id = nextId("sub");
    Object.assign(subscription, {
      id,
      customer: customer.id,
      currency: "eur",
      status: trialEnd ? "trialing" : "active",
      metadata: { ...(session.subscription_data_requested.metadata ?? {}) },
      created: start,
      start_date: start,
      billing_cycle_anchor: periodEnd,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null,
      pending_update: null,
      transfer_data: null,
      next_pending_invoice_item_invoice: null,
    });
    const item = subscription.items.data[0];
    Object.assign(item, {
      id: nextId("si"),
      subscription: id,
      created: start,
      price: priceObject(priceId),
      current_period_start: start,
      current_period_end: periodEnd,
    });
    item.plan = { ...item.plan, id: priceId, interval: prices[priceId]?.interval ?? "month", interval_count: 1, currency: "eur" };
    subscription.items.url = `/v1/subscription_items?subscription=${id}`;
    subscriptions.set(id, subscription);

    Object.assign(session, { status: "complete", payment_status: "no_payment_required", customer: customer.id, subscription: id });
    session.customer_details = { ...session.customer_details, email: customer.email };
    return { session: clone(session), subscription: clone(subscription), customer: clone(customer) };
  }

  /** Stripe's own change, as its dashboard or billing would make it (e.g. ended at period end). */
  function updateSubscription(id: string, patch: Obj): Obj {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    Object.assign(subscription, patch);
    return clone(subscription);
  }

  /** What Spotfolio may ask: cancel or resume at period end, or swap the item's price. */
  function applyUpdate(subscription: Obj, params: Obj) {
    if (params.cancel_at_period_end !== undefined) {
      const cancel = params.cancel_at_period_end === "true";
      const periodEnd = subscription.items.data[0].current_period_end;
      Object.assign(subscription, { cancel_at_period_end: cancel, cancel_at: cancel ? periodEnd : null, canceled_at: cancel ? now() : null });
    }
    for (const change of (params.items ?? []) as Obj[]) {
      const item = subscription.items.data.find((i: Obj) => i.id === change.id);
      if (!item) throw new StandInError(400, `No such subscription item: '${change.id}'`);
      if (change.price) {
        item.price = priceObject(change.price);
        item.plan = { ...item.plan, id: change.price, interval: item.price.recurring.interval };
      }
    }
  }

  /**
   * An invoice of the subscription as Stripe now keeps it (current shape:
   * subscription under parent, one line for the subscription item), stored
   * so GET /v1/invoices/:id answers it. "open" is one Stripe tried and failed
   * to charge.
   */
  function createInvoice(subscriptionId: string, status: "paid" | "open", options: StandInInvoiceOptions = {}, id = nextId("in")): Obj {
    const subscription = found(subscriptions, subscriptionId, "subscription");
    const item = subscription.items.data[0];
    const amount = options.amount ?? item.price.unit_amount;
    const tax = options.tax ?? 0;
    const period = options.period ?? { start: item.current_period_start, end: item.current_period_end };
    const paid = status === "paid";
    const invoice = clone(FIXTURES.invoice);
    Object.assign(invoice, {
      id,
      status,
      customer: subscription.customer,
      currency: "eur",
      billing_reason: "subscription_cycle",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_overpaid: 0,
      subtotal: amount,
      total: amount,
      subtotal_excluding_tax: amount - tax,
      total_excluding_tax: amount - tax,
      total_taxes: tax
        ? [
            {
              amount: tax,
              tax_behavior: "inclusive",
              tax_rate_details: { tax_rate: "txr_standin_vat" },
              taxability_reason: "standard_rated",
              taxable_amount: amount - tax,
              type: "tax_rate_details",
            },
          ]
        : [],
      attempted: true,
      attempt_count: 1,
      created: now(),
      period_start: period.start,
      period_end: period.end,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/${id}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_standin/${id}/pdf`,
      status_transitions: { finalized_at: now(), marked_uncollectible_at: null, paid_at: paid ? now() : null, voided_at: null },
      last_finalization_error: null,
      from_invoice: null,
      shipping_cost: null,
    });
    invoice.parent = {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscriptionId },
    };
    const line = invoice.lines.data[0];
    Object.assign(line, {
      id: nextId("il"),
      invoice: id,
      amount,
      subtotal: amount,
      currency: "eur",
      description: `1 × ${item.price.id}`,
      period: { ...period },
      parent: {
        type: "subscription_item_details",
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscriptionId,
          subscription_item: item.id,
        },
      },
    });
    invoice.lines.url = `/v1/invoices/${id}/lines`;
    invoices.set(id, invoice);
    return clone(invoice);
  }

  /** Stripe charged an open invoice again, this time successfully. */
  function payInvoice(id: string): Obj {
    const invoice = found(invoices, id, "invoice");
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, attempt_count: invoice.attempt_count + 1 });
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: now() };
    return clone(invoice);
  }

  function createPortalSession(params: Obj): Obj {
    if (!params.customer) throw new StandInError(400, "Missing required param: customer.");
    const customer = found(customers, params.customer as string, "customer");
    const id = nextId("bps");
    return {
      id,
      object: "billing_portal.session",
      configuration: "bpc_standin",
      created: now(),
      customer: customer.id,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: params.return_url ?? null,
      url: `https://billing.stripe.com/p/session/test_${id}`,
    };
  }

  function withExpansions(object: Obj, expand: unknown): Obj {
    const result = clone(object);
    const fields = Array.isArray(expand) ? expand : [];
    if (fields.includes("customer") && typeof result.customer === "string") result.customer = clone(customers.get(result.customer));
    return result;
  }

  const found = (map: Map<string, Obj>, id: string, kind: string) => {
    const object = map.get(id);
    if (!object) throw new StandInError(404, `No such ${kind}: '${id}'`);
    return object;
  };

  function route(method: string, path: string, params: Obj): Json {
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === "GET")
      return withExpansions(found(sessions, match[1], "checkout.session"), params.expand);
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = found(subscriptions, match[1], "subscription");
      if (method === "POST") applyUpdate(subscription, params);
      return withExpansions(subscription, params.expand);
    }
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/)) && method === "GET") return clone(found(customers, match[1], "customer"));
    if ((match = path.match(/^\/v1\/invoices\/([^/]+)$/)) && method === "GET") return clone(found(invoices, match[1], "invoice"));
    if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortalSession(params);
    throw new StandInError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const body = await readBody(req);
    const params = decodeStripeParams(req.method === "GET" ? url.searchParams : new URLSearchParams(body));
    const method = req.method ?? "GET";
    requests.push({ method, path: url.pathname, params });
    let status = 200;
    let payload: Json;
    try {
      if (!req.headers.authorization?.startsWith("Bearer sk_test_")) throw new StandInError(401, "Invalid API Key provided");
      payload = route(method, url.pathname, params);
    } catch (error) {
      status = error instanceof StandInError ? error.status : 500;
      const type = status === 401 ? "authentication_error" : status === 500 ? "api_error" : "invalid_request_error";
      payload = { error: { type, code: status === 404 ? "resource_missing" : undefined, message: (error as Error).message } };
    }
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${counter}` });
    res.end(JSON.stringify(payload));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    completeCheckout,
    updateSubscription,
    subscription: (id: string) => clone(found(subscriptions, id, "subscription")),
    createCustomer: (email: string) => clone(createCustomer(email)),
    /** A signed-payload-ready event, in the fixture's envelope, about a snapshot of `object`. */
    event(type: string, object: Obj): Obj {
      const event = clone(FIXTURES.event);
      Object.assign(event, { id: nextId("evt"), type, api_version: API_VERSION, created: now(), data: { object: clone(object) } });
      return event;
    },
    /** An invoice of the subscription, in the current shape (subscription under parent), kept as Stripe would. */
    invoice: (subscriptionId: string, status: "paid" | "open", options?: StandInInvoiceOptions) => createInvoice(subscriptionId, status, options),
    /**
     * A paid invoice as an event of the 2020-08-27 shape carries it (subscription
     * at the top); reading it back answers the current shape, as the API
     * version pinned by the SDK would.
     */
    legacyInvoice(subscriptionId: string): Obj {
      const invoice = clone(FIXTURES.legacyInvoice);
      const subscription = found(subscriptions, subscriptionId, "subscription");
      Object.assign(invoice, { id: nextId("in"), subscription: subscriptionId, customer: subscription.customer });
      createInvoice(subscriptionId, "paid", { amount: invoice.amount_paid }, invoice.id);
      return invoice;
    },
    payInvoice,
    /** Every customer portal session opened, with its parameters. */
    portalSessions: () => requests.filter((r) => r.method === "POST" && r.path === "/v1/billing_portal/sessions").map((r) => r.params),
    /** The fixture event as Stripe sent it (type plan.created): one we do not handle. */
    fixtureEvent: () => clone(FIXTURES.event),
    reset() {
      requests.length = 0;
      sessions.clear();
      subscriptions.clear();
      customers.clear();
      invoices.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; they would hold the server open.
        server.closeAllConnections();
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
