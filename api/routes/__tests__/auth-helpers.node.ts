/**
 * Helpers for the auth route tests: the auth router mounted like `/api/auth`, JSON
 * requests, and reading Set-Cookie values back.
 */
import type { AppServices } from "../../services/core/app-services";
import { CLIENT_ADDRESS_HEADER } from "../../services/auth/client-address";
import { createTestApi, createTestServices } from "../../test-support/test-app.node.ts";
import { createTenant } from "../../test-support/factories.node.ts";
import { modules } from "../../../db/schema";

export async function authTestApp(overrides: Partial<AppServices> = {}) {
  const services = await createTestServices(overrides);
  const app = createTestApi(services);
  return { services, app };
}

/** Answers are read loosely in tests: the expect() calls are what check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseJson = any;

type App = Awaited<ReturnType<typeof authTestApp>>["app"];

export interface JsonAnswer<T = LooseJson> {
  status: number;
  body: T;
  headers: Headers;
}

/** Sends `body` as JSON (a string is sent verbatim, to test malformed JSON). */
export async function send<T = LooseJson>(
  app: App,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  const response = await app.request(`/auth${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

export const post = <T = LooseJson>(app: App, path: string, body?: unknown, headers?: Record<string, string>) =>
  send<T>(app, "POST", path, body, headers);

/** name → value of the Set-Cookie headers of a response. */
export function cookiesOf(headers: Headers): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    cookies[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
  }
  return cookies;
}

export type AuthApp = Awaited<ReturnType<typeof authTestApp>>["app"];
export type Tenant = Awaited<ReturnType<typeof createTenant>>;
export type MovableClock = ReturnType<typeof movableClock>;

/**
 * One test file's own school: the auth app, its services with a clock the tests move, and a
 * tenant (owner, teacher, student). With `quizModule`, this product is registered as one of
 * the business's modules, as key login needs.
 */
export async function authSchool(name: string, options: { quizModule?: boolean } = {}) {
  const { app, services } = await authTestApp();
  const clock = movableClock(services);
  const tenant = await createTenant(services.db, name);
  if (options.quizModule) {
    await services.db.insert(modules).values({ businessId: tenant.business.id, moduleId: services.config.moduleId, name: "Quiz", identifier: "quiz", url: "http://quiz.test" });
  }
  return { app, services, clock, tenant };
}

/** A `services.now` that tests can move forward. */
export function movableClock(services: AppServices) {
  let offsetMs = 0;
  services.now = () => new Date(Date.now() + offsetMs);
  return { advance: (ms: number) => void (offsetMs += ms) };
}

/**
 * The header a runtime entry stamps with the client's address (server/node.ts,
 * server/worker.ts). These tests call the shared app directly, so they play the entry.
 */
export function fromAddress(address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address };
}

let addressCounter = 0;
/** A fresh client address per call, so per-address counters do not leak between tests. */
export function fromNewAddress(): Record<string, string> {
  addressCounter++;
  return fromAddress(`10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`);
}
