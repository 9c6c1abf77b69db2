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

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  products: Map<string, StoredProduct>;
  prices: Map<string, StoredPrice>;
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

/** Starts the stand-in; `secretKey` is the only bearer it accepts (default: any `sk_test_…`). */
export async function startStripeStandIn(options: { secretKey?: string; port?: number } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const products = new Map<string, StoredProduct>();
  const prices = new Map<string, StoredPrice>();
  let failures = 0;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${++counter}`;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (url.pathname === "/__requests") return send(res, 200, requests);
    const text = await readBody(req);
    const body = Object.fromEntries(new URLSearchParams(text));
    const authorization = req.headers.authorization ?? "";
    requests.push({ method: req.method ?? "GET", path: url.pathname, authorization, body });

    const key = authorization.replace(/^Bearer /, "");
    const keyOk = options.secretKey ? key === options.secretKey : key.startsWith("sk_test_");
    if (!keyOk) return stripeError(res, 401, "Invalid API Key provided");
    if (failures > 0) {
      failures -= 1;
      return stripeError(res, 500, "The stand-in is down");
    }

    const parts = url.pathname.split("/").filter(Boolean); // ["v1", "products", id?]
    const [version, resource, id] = parts;
    if (version !== "v1") return stripeError(res, 404, "Unrecognized request URL");
    const missing = () => stripeError(res, 404, `No such ${resource}: '${id}'`, "resource_missing");

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
    return stripeError(res, 404, "Unrecognized request URL");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    products,
    prices,
    failNext: (count = 1) => {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
