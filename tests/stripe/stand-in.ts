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
 * GET /v1/invoices/:id (expand[]=payments), POST /v1/billing_portal/sessions,
 * GET /v1/payment_intents/:id (expand[]=latest_charge.balance_transaction),
 * GET /v1/charges/:id (expand[]=balance_transaction), GET /v1/refunds?charge=,
 * GET /v1/disputes/:id.
 *
 * A paid invoice is paid by a payment intent whose charge has a balance transaction carrying
 * Stripe's fee (by default its European card pricing, 1.5% + 25 cents) and a card country (by
 * default ES). The fixtures have no charge, payment intent, balance transaction, refund or dispute:
 * those are built here with the fields of Stripe's API reference that Spotfolio reads.
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
  /** Stripe's fee on the charge, in cents (default 1.5% of the amount, rounded, + 25). */
  fee?: number;
  /** The card's country (default "ES"); null: a card without one. */
  cardCountry?: string | null;
  /** The billing address's country (default none). */
  billingCountry?: string | null;
}

/** Stripe's standard European card fee: 1.5% + €0.25. */
export const standInFee = (amount: number) => Math.round(amount * 0.015) + 25;

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
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const balanceTransactions = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  /** What each invoice will be paid with (its options), until it is. */
  const invoiceOptions = new Map<string, StandInInvoiceOptions>();
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
    invoice.payments = { object: "list", data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` };
    invoices.set(id, invoice);
    invoiceOptions.set(id, options);
    if (paid) chargeInvoice(invoice);
    return withoutPayments(invoice);
  }

  /** `payments` is only in an invoice Stripe was asked to expand it in. */
  function withoutPayments(invoice: Obj): Obj {
    const { payments: _payments, ...rest } = clone(invoice);
    return rest;
  }

  /** The invoice is paid: a payment intent, its charge, and the charge's balance transaction with the fee. */
  function chargeInvoice(invoice: Obj) {
    const options = invoiceOptions.get(invoice.id) ?? {};
    const amount = invoice.amount_paid as number;
    if (amount <= 0) return;
    const created = now();
    const fee = options.fee ?? standInFee(amount);
    const txn = {
      id: nextId("txn"),
      object: "balance_transaction",
      amount,
      available_on: created + 7 * 86400,
      created,
      currency: "eur",
      description: `Payment for Invoice ${invoice.id}`,
      exchange_rate: null,
      fee,
      fee_details: [{ amount: fee, application: null, currency: "eur", description: "Stripe processing fees", type: "stripe_fee" }],
      net: amount - fee,
      reporting_category: "charge",
      source: "",
      status: "pending",
      type: "charge",
    };
    const pi: Obj = {
      id: nextId("pi"),
      object: "payment_intent",
      amount,
      amount_received: amount,
      currency: "eur",
      customer: invoice.customer,
      created,
      status: "succeeded",
      latest_charge: "",
    };
    const charge: Obj = {
      id: nextId("ch"),
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: txn.id,
      billing_details: {
        address: { city: null, country: options.billingCountry ?? null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
      },
      captured: true,
      created,
      currency: "eur",
      customer: invoice.customer,
      disputed: false,
      livemode: false,
      paid: true,
      payment_intent: pi.id,
      payment_method_details: {
        type: "card",
        card: {
          brand: "visa",
          country: options.cardCountry === undefined ? "ES" : options.cardCountry,
          exp_month: 12,
          exp_year: 2040,
          funding: "credit",
          last4: "4242",
        },
      },
      refunded: false,
      status: "succeeded",
    };
    txn.source = charge.id;
    pi.latest_charge = charge.id;
    balanceTransactions.set(txn.id, txn);
    charges.set(charge.id, charge);
    paymentIntents.set(pi.id, pi);
    invoice.payments.data = [
      {
        id: nextId("inpay"),
        object: "invoice_payment",
        amount_paid: amount,
        amount_requested: amount,
        created,
        currency: "eur",
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: pi.id },
        status: "paid",
        status_transitions: { canceled_at: null, paid_at: created },
      },
    ];
  }

  /** The charge an invoice was paid by. */
  function chargeOfInvoice(invoiceId: string): Obj {
    const invoice = found(invoices, invoiceId, "invoice");
    const payment = invoice.payments.data.find((p: Obj) => p.status === "paid");
    if (!payment) throw new Error(`invoice ${invoiceId} is not paid`);
    return clone(charges.get(paymentIntents.get(payment.payment.payment_intent)!.latest_charge)!);
  }

  /** A refund of (part of) a charge, as the dashboard or the API would make it; answers the refund and the charge after it. */
  function refundCharge(chargeId: string, amount?: number): { refund: Obj; charge: Obj } {
    const charge = found(charges, chargeId, "charge");
    const value = amount ?? charge.amount - charge.amount_refunded;
    if (value <= 0 || charge.amount_refunded + value > charge.amount) throw new Error(`cannot refund ${value} of ${chargeId}`);
    const refund = {
      id: nextId("re"),
      object: "refund",
      amount: value,
      balance_transaction: null,
      charge: chargeId,
      created: now(),
      currency: "eur",
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: "requested_by_customer",
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    Object.assign(charge, { amount_refunded: charge.amount_refunded + value, refunded: charge.amount_refunded + value === charge.amount });
    return { refund: clone(refund), charge: clone(charge) };
  }

  /** A dispute of a charge (status as Stripe would say it), with the dispute fee's balance transaction. */
  function disputeCharge(chargeId: string, options: { status?: string; fee?: number } = {}): Obj {
    const charge = found(charges, chargeId, "charge");
    const fee = options.fee ?? 1500;
    const created = now();
    const dispute = {
      id: nextId("du"),
      object: "dispute",
      amount: charge.amount,
      balance_transactions: [
        {
          id: nextId("txn"),
          object: "balance_transaction",
          amount: -charge.amount,
          created,
          currency: "eur",
          fee,
          fee_details: [{ amount: fee, application: null, currency: "eur", description: "Dispute fee", type: "stripe_fee" }],
          net: -charge.amount - fee,
          reporting_category: "dispute",
          source: "",
          status: "available",
          type: "adjustment",
        },
      ],
      charge: chargeId,
      created,
      currency: "eur",
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: "fraudulent",
      status: options.status ?? "needs_response",
    };
    dispute.balance_transactions[0].source = dispute.id;
    disputes.set(dispute.id, dispute);
    charge.disputed = true;
    return clone(dispute);
  }

  function updateDispute(id: string, status: string): Obj {
    const dispute = found(disputes, id, "dispute");
    dispute.status = status;
    return clone(dispute);
  }

  /** Stripe charged an open invoice again, this time successfully. */
  function payInvoice(id: string): Obj {
    const invoice = found(invoices, id, "invoice");
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, attempt_count: invoice.attempt_count + 1 });
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: now() };
    chargeInvoice(invoice);
    return withoutPayments(invoice);
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

  const expanded = (expand: unknown): string[] => (Array.isArray(expand) ? expand.map(String) : []);

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
    if ((match = path.match(/^\/v1\/invoices\/([^/]+)$/)) && method === "GET") {
      const invoice = found(invoices, match[1], "invoice");
      return expanded(params.expand).includes("payments") ? clone(invoice) : withoutPayments(invoice);
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === "GET") {
      const pi = clone(found(paymentIntents, match[1], "payment_intent"));
      const fields = expanded(params.expand);
      if (fields.some((f) => f.startsWith("latest_charge"))) {
        pi.latest_charge = clone(charges.get(pi.latest_charge));
        if (fields.includes("latest_charge.balance_transaction"))
          pi.latest_charge.balance_transaction = clone(balanceTransactions.get(pi.latest_charge.balance_transaction));
      }
      return pi;
    }
    if ((match = path.match(/^\/v1\/charges\/([^/]+)$/)) && method === "GET") {
      const charge = clone(found(charges, match[1], "charge"));
      if (expanded(params.expand).includes("balance_transaction")) charge.balance_transaction = clone(balanceTransactions.get(charge.balance_transaction));
      return charge;
    }
    if (path === "/v1/refunds" && method === "GET") {
      const data = [...refunds.values()].filter((r) => !params.charge || r.charge === params.charge).reverse();
      return { object: "list", data: clone(data), has_more: false, url: "/v1/refunds" };
    }
    if ((match = path.match(/^\/v1\/disputes\/([^/]+)$/)) && method === "GET") return clone(found(disputes, match[1], "dispute"));
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
    /** The charge that paid an invoice (with its payment intent and balance transaction). */
    chargeOf: chargeOfInvoice,
    /** Refund (part of) a charge: the refund and the charge as a charge.refunded event carries it. */
    refund: refundCharge,
    /** Open a dispute on a charge ("needs_response", or say "lost"/"won"), with a dispute fee (default 1500). */
    dispute: disputeCharge,
    /** Stripe's decision on a dispute. */
    closeDispute: (id: string, status: "won" | "lost") => updateDispute(id, status),
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
      invoiceOptions.clear();
      paymentIntents.clear();
      charges.clear();
      balanceTransactions.clear();
      refunds.clear();
      disputes.clear();
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
