/**
 * A stand-in for the few Stripe API calls the app makes (ADR 0043), for tests and offline
 * demos: the real `stripe` client is pointed at it with STRIPE_API_URL. It keeps products
 * and prices in memory, answers in Stripe's shapes and error envelope, checks the bearer key
 * and records every request so that a test can assert on what was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string;
  /** The form body, keys as Stripe sends them (`recurring[interval]`). */
  body: Record<string, string>;
}

interface StoredProduct {
  id: string;
  object: "product";
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
}
interface StoredPrice {
  id: string;
  object: "price";
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: string; interval_count: number };
  active: boolean;
  metadata: Record<string, string>;
}

export interface StoredCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** Kept for the subscription the Pay button makes. */
  price: string;
  subscription_metadata: Record<string, string>;
}
export interface StoredSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  canceled_at: number | null;
  ended_at: number | null;
  collection_method: "charge_automatically" | "send_invoice";
  days_until_due: number | null;
  items: { object: "list"; data: { id: string; object: "subscription_item"; price: StoredPrice | { id: string }; current_period_start: number; current_period_end: number }[] };
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  products: Map<string, StoredProduct>;
  prices: Map<string, StoredPrice>;
  sessions: Map<string, StoredCheckoutSession>;
  subscriptions: Map<string, StoredSubscription>;
  /** What the Pay button of the checkout page does: the session is paid and its subscription exists. */
  pay(sessionId: string): StoredSubscription;
  /** Changes a subscription as Stripe would (status, period in epoch seconds). */
  setSubscription(id: string, change: { status?: string; periodStart?: number; periodEnd?: number }): StoredSubscription;
  /** The next `count` API calls answer 500 (a provider outage). */
  failNext(count?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

const metadataOf = (body: Record<string, string>) =>
  Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (key.startsWith("metadata[") ? [[key.slice(9, -1), value]] : [])));

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}
const stripeError = (res: ServerResponse, status: number, message: string, code?: string) =>
  send(res, status, { error: { type: status === 401 ? "invalid_request_error" : "api_error", message, ...(code ? { code } : {}) } });

/** Starts the stand-in; `secretKey` is the only bearer it accepts, or a list of them (default: any `sk_test_…`). */
export async function startStripeStandIn(options: { secretKey?: string | readonly string[]; port?: number } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const products = new Map<string, StoredProduct>();
  const prices = new Map<string, StoredPrice>();
  const sessions = new Map<string, StoredCheckoutSession>();
  const subscriptions = new Map<string, StoredSubscription>();
  let failures = 0;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${++counter}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const subscriptionMetadataOf = (body: Record<string, string>) =>
    Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (key.startsWith("subscription_data[metadata][") ? [[key.slice("subscription_data[metadata][".length, -1), value]] : [])));

  const setSubscription: StripeStandIn["setSubscription"] = (id, change) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`No such subscription ${id}`);
    const item = subscription.items.data[0];
    if (change.status) subscription.status = change.status;
    if (change.status === "canceled") subscription.canceled_at = subscription.ended_at = nowSeconds();
    if (change.periodStart !== undefined) item.current_period_start = change.periodStart;
    if (change.periodEnd !== undefined) item.current_period_end = change.periodEnd;
    return subscription;
  };

  const pay: StripeStandIn["pay"] = (sessionId) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such session ${sessionId}`);
    if (session.subscription) return subscriptions.get(session.subscription)!;
    const start = nowSeconds();
    const price = prices.get(session.price);
    const interval = price?.recurring.interval ?? "month";
    const days = { day: 1, week: 7, month: 30, year: 365 }[interval] ?? 30;
    const customer = session.customer ?? nextId("cus");
    const subscription: StoredSubscription = {
      id: nextId("sub"),
      object: "subscription",
      customer,
      status: "active",
      metadata: session.subscription_metadata,
      canceled_at: null,
      ended_at: null,
      collection_method: "charge_automatically",
      days_until_due: null,
      items: { object: "list", data: [{ id: nextId("si"), object: "subscription_item", price: price ?? { id: session.price }, current_period_start: start, current_period_end: start + days * (price?.recurring.interval_count ?? 1) * 86_400 }] },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id, customer });
    return subscription;
  };

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (url.pathname === "/__requests") return send(res, 200, requests);
    // The stand-in's checkout page: what a student sees instead of Stripe's hosted page.
    const page = /^\/checkout\/(cs_[\w]+)(\/pay)?$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1]);
      if (!session) return send(res, 404, { error: { message: "No such checkout session" } });
      if (page[2] && req.method === "POST") {
        pay(session.id);
        res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
        return res.end();
      }
      const price = prices.get(session.price);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><head><title>Stand-in checkout</title></head><body><main><h1>Stand-in checkout</h1>
<p>${escapeHtml(price ? `${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} / ${price.recurring.interval}` : session.price)}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p></main></body></html>`);
    }
    // Test hook (e2e): change a subscription as Stripe would, e.g. { status: "canceled" }.
    const hook = /^\/__subscriptions\/(sub_\w+)$/.exec(url.pathname);
    if (hook && req.method === "POST") {
      const change = JSON.parse((await readBody(req)) || "{}") as { status?: string };
      try {
        return send(res, 200, setSubscription(hook[1], change));
      } catch {
        return send(res, 404, { error: { message: "No such subscription" } });
      }
    }
    const text = await readBody(req);
    const body = Object.fromEntries(new URLSearchParams(text));
    const authorization = req.headers.authorization ?? "";
    requests.push({ method: req.method ?? "GET", path: url.pathname, authorization, body });

    const key = authorization.replace(/^Bearer /, "");
    const keyOk = options.secretKey ? [options.secretKey].flat().includes(key) : key.startsWith("sk_test_");
    if (!keyOk) return stripeError(res, 401, "Invalid API Key provided");
    if (failures > 0) {
      failures -= 1;
      return stripeError(res, 500, "The stand-in is down");
    }

    const parts = url.pathname.split("/").filter(Boolean); // ["v1", "products", id?]
    const [version, resource, id] = parts;
    if (version !== "v1") return stripeError(res, 404, "Unrecognized request URL");
    const missing = () => stripeError(res, 404, `No such ${resource}: '${id}'`, "resource_missing");

    // The key check of the payment settings (issue 25, point 4) lists one product.
    if (resource === "products" && req.method === "GET" && !id) {
      const data = [...products.values()].slice(0, Number(url.searchParams.get("limit") ?? 10));
      return send(res, 200, { object: "list", url: "/v1/products", has_more: products.size > data.length, data });
    }
    if (resource === "products" && req.method === "POST") {
      if (!id) {
        const product: StoredProduct = { id: nextId("prod"), object: "product", name: body.name, description: body.description ?? null, active: body.active !== "false", metadata: metadataOf(body) };
        products.set(product.id, product);
        return send(res, 200, product);
      }
      const product = products.get(id);
      if (!product) return missing();
      if (body.name !== undefined) product.name = body.name;
      if (body.description !== undefined) product.description = body.description || null;
      if (body.active !== undefined) product.active = body.active === "true";
      return send(res, 200, product);
    }
    if (resource === "prices") {
      if (req.method === "POST" && !id) {
        if (!products.has(body.product)) return stripeError(res, 400, `No such product: '${body.product}'`, "resource_missing");
        const price: StoredPrice = {
          id: nextId("price"),
          object: "price",
          product: body.product,
          unit_amount: Number(body.unit_amount),
          currency: body.currency,
          recurring: { interval: body["recurring[interval]"], interval_count: Number(body["recurring[interval_count]"] ?? 1) },
          active: true,
          metadata: metadataOf(body),
        };
        prices.set(price.id, price);
        return send(res, 200, price);
      }
      const price = id ? prices.get(id) : undefined;
      if (!price) return missing();
      if (req.method === "POST" && body.active !== undefined) price.active = body.active === "true";
      return send(res, 200, price);
    }
    if (resource === "checkout" && id === "sessions") {
      const sessionId = parts[3];
      if (req.method === "POST" && !sessionId) {
        if (!prices.get(body["line_items[0][price]"])?.active) return stripeError(res, 400, `No such price: '${body["line_items[0][price]"]}'`, "resource_missing");
        const newId = nextId("cs_test");
        const session: StoredCheckoutSession = {
          id: newId,
          object: "checkout.session",
          mode: "subscription",
          url: `http://${req.headers.host}/checkout/${newId}`,
          status: "open",
          payment_status: "unpaid",
          client_reference_id: body.client_reference_id ?? null,
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          subscription: null,
          metadata: metadataOf(body),
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          price: body["line_items[0][price]"],
          subscription_metadata: subscriptionMetadataOf(body),
        };
        sessions.set(session.id, session);
        return send(res, 200, session);
      }
      const session = sessionId ? sessions.get(sessionId) : undefined;
      if (!session) return stripeError(res, 404, `No such checkout.session: '${sessionId}'`, "resource_missing");
      return send(res, 200, session);
    }
    if (resource === "subscriptions" && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return missing();
      if (req.method === "POST" && body.collection_method) {
        subscription.collection_method = body.collection_method === "send_invoice" ? "send_invoice" : "charge_automatically";
        subscription.days_until_due = body.days_until_due ? Number(body.days_until_due) : null;
      }
      return send(res, 200, subscription);
    }
    if (resource === "billing_portal" && id === "sessions" && req.method === "POST") {
      return send(res, 200, { id: nextId("bps"), object: "billing_portal.session", customer: body.customer, return_url: body.return_url, url: `http://${req.headers.host}/billing/${body.customer}` });
    }
    return stripeError(res, 404, "Unrecognized request URL");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    products,
    prices,
    sessions,
    subscriptions,
    pay,
    setSubscription,
    failNext: (count = 1) => {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
