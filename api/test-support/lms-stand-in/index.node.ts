/**
 * The LMS stand-in (issue 29): one HTTP server speaking the platform side of LTI 1.3 for the
 * tests, composed of parts that each answer their own paths: the OpenID side (oidc.ts:
 * JWKS, authorisation endpoint, course page), the registration side (registration.ts: dynamic
 * registration, /admin/tools), the deep-linking return receiver (deep-linking.ts) and the
 * services side (services.ts: token, line items, scores, memberships, gradebook page). The
 * deep-linking and services sides check the tool's signatures against its real published key
 * set (`toolUrl`/api/lti/jwks), as a platform does.
 * Started beside the e2e server (playwright.config.ts, E2E_PORT+3), by the runtime smokes
 * (tests/runtime-lti-launch.ts) and by unit tests (port 0), always through startLmsStandIn.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { JSONWebKeySet } from "jose";
import { createDeepLinkingSide } from "./deep-linking";
import { createOidcSide, JOURNEY_CLIENT_ID, type OidcSide, STAND_IN_CLIENT_ID } from "./oidc";
import { createRegistrationSide } from "./registration";
import { createLmsServices, type LmsServicesOptions, type LmsServicesStandIn } from "./services";

/** One part's answer to a request on its paths, null for other paths. */
export type StandInPart = (request: Request) => Promise<Response | null> | Response | null;

/** The tool's published key set, fetched on each check (a rotation shows at once). */
async function fetchKeySet(keySetUrl: string): Promise<JSONWebKeySet> {
  const answer = await fetch(keySetUrl);
  if (!answer.ok) throw new Error(`the tool's key set answered ${answer.status}`);
  return (await answer.json()) as JSONWebKeySet;
}

export interface LmsStandIn {
  /** The platform's issuer: its base URL. */
  url: string;
  oidc: OidcSide;
  services: LmsServicesStandIn;
  registration: ReturnType<typeof createRegistrationSide>;
  deepLinking: ReturnType<typeof createDeepLinkingSide>;
  close(): Promise<void>;
}

export interface LmsStandInOptions {
  /** The tool's origin (our app): where the course page launches, and its /api/lti/jwks. */
  toolUrl: string;
  /** 0 (the default) picks a free one. */
  port?: number;
  /** The name in the issuer (localhost for the browser tests, so the course page and the app are one site over http). */
  host?: string;
  listenHost?: string;
  /**
   * The tool's key set as the services and deep-linking sides check it: by default fetched from
   * `toolUrl`/api/lti/jwks as a platform does; a unit test with no tool server on the network
   * gives its database's published set.
   */
  toolKeySet?: () => Promise<JSONWebKeySet>;
  /** Client ids the tool may be registered with besides the stand-in's own (and those it registered). */
  clientIds?: string[];
  /** The services side's NRPS page size, token lifetime and clock. */
  services?: Pick<LmsServicesOptions, "pageSize" | "tokenSeconds" | "now">;
  /** A misbehaving platform's answers (unit tests), asked before the stand-in's own parts; given the stand-in's URL. */
  extraParts?: (url: string) => StandInPart[];
}

/**
 * Starts the stand-in, every side on one server: the only way to start it (the unit tests on a
 * free port of 127.0.0.1, the e2e config and the runtime smokes on theirs).
 */
export async function startLmsStandIn(options: LmsStandInOptions): Promise<LmsStandIn> {
  // Requests that come while the parts are made (the key pair takes a moment) wait for them:
  // a handler added after listening would leave them hanging (the e2e config polls at once).
  let partsReady: (parts: StandInPart[]) => void = () => {};
  const madeParts = new Promise<StandInPart[]>((resolve) => (partsReady = resolve));
  let url = "";
  const server = serve({
    hostname: options.listenHost ?? "127.0.0.1",
    port: options.port ?? 0,
    fetch: async (received: Request) => {
      const parts = await madeParts;
      // The URL as the stand-in names itself (its issuer's host), whatever Host the caller sent.
      const { pathname, search } = new URL(received.url);
      const body = received.method === "GET" || received.method === "HEAD" ? undefined : await received.arrayBuffer();
      const request = new Request(new URL(`${pathname}${search}`, url), { method: received.method, headers: received.headers, body });
      for (const part of parts) {
        const answer = await part(request);
        if (answer) return answer;
      }
      return new Response("not found", { status: 404, headers: { "content-type": "text/plain" } });
    },
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    if (server.listening) return resolve();
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const toolKeysUrl = `${options.toolUrl}/api/lti/jwks`;
  const toolKeySet = options.toolKeySet ?? (() => fetchKeySet(toolKeysUrl));
  const registration = createRegistrationSide({ baseUrl: url });
  // Its own client id, any given on a course page (?client=, a second registration), the caller's and the registered ones.
  const clientIds = () => [STAND_IN_CLIENT_ID, JOURNEY_CLIENT_ID, ...(options.clientIds ?? []), ...registration.tools.map((tool) => tool.clientId)];
  const deepLinking = createDeepLinkingSide({ baseUrl: url, toolKeys: options.toolKeySet ?? toolKeysUrl, clientIds });
  const services = createLmsServices({ ...options.services, origin: url, clientId: clientIds, toolKeySet });
  const oidc = await createOidcSide({
    issuer: url,
    toolUrl: options.toolUrl,
    parts: { lineItemsUrl: services.lineItemsUrl, membershipsUrl: services.membershipsUrl, deepLinkingSettings: deepLinking.settingsFor },
  });
  partsReady([...(options.extraParts?.(url) ?? []), (request) => oidc.handle(new URL(request.url)), registration.handle, deepLinking.handle, services.handle]);
  return {
    url,
    oidc,
    services,
    registration,
    deepLinking,
    close: () =>
      new Promise<void>((resolve) => {
        services.releaseSlow();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Run as a program (the e2e config): LMS_STAND_IN_PORT and TOOL_URL from the environment. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startLmsStandIn({
    toolUrl: process.env.TOOL_URL ?? "http://localhost:3100",
    port: Number(process.env.LMS_STAND_IN_PORT ?? 3103),
    host: "localhost",
    listenHost: "::",
  });
  console.log(`LMS stand-in on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
