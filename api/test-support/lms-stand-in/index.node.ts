/**
 * The LMS stand-in (issue 29): one HTTP server speaking the platform side of LTI 1.3 for the
 * tests, composed of parts that each answer their own paths: the OpenID side (oidc.ts:
 * JWKS, authorisation endpoint, course page), the registration side (registration.ts: dynamic
 * registration, /admin/tools), the deep-linking return receiver (deep-linking.ts) and the
 * services side (services.ts: token, line items, scores, memberships, gradebook page). The
 * deep-linking and services sides check the tool's signatures against its real published key
 * set (`toolUrl`/api/lti/jwks), as a platform does.
 * Started beside the e2e server (playwright.config.ts, E2E_PORT+3) and by unit tests (port 0).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { JSONWebKeySet } from "jose";
import { createDeepLinkingSide } from "./deep-linking";
import { createOidcSide, JOURNEY_CLIENT_ID, type OidcSide, STAND_IN_CLIENT_ID } from "./oidc";
import { createRegistrationSide } from "./registration";
import { createLmsServices, type LmsServicesStandIn } from "./services";

/** One part's answer to a request on its paths (a web Request and Response), null for other paths. */
export type StandInPart = (url: URL, request: Request) => Promise<Response | null>;

async function webRequest(req: IncomingMessage, url: URL): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
}

/** The tool's published key set, fetched on each check (a rotation shows at once). */
async function fetchKeySet(keySetUrl: string): Promise<JSONWebKeySet> {
  const answer = await fetch(keySetUrl);
  if (!answer.ok) throw new Error(`the tool's key set answered ${answer.status}`);
  return (await answer.json()) as JSONWebKeySet;
}

async function sendWeb(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
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

/**
 * `toolUrl`: the tool's origin (our app). `host`: the name in the issuer (localhost for the
 * browser tests, so the stand-in's course page and the app are one site over http).
 */
export async function startLmsStandIn(options: { toolUrl: string; port?: number; host?: string; listenHost?: string }): Promise<LmsStandIn> {
  // Requests that come while the parts are made (the key pair takes a moment) wait for them:
  // a handler added after listening would leave them hanging (the e2e config polls at once).
  let partsReady: (parts: StandInPart[]) => void = () => {};
  const madeParts = new Promise<StandInPart[]>((resolve) => (partsReady = resolve));
  const server = createServer((req, res) => {
    void (async () => {
      const parts = await madeParts;
      const requestUrl = new URL(req.url ?? "/", url);
      const request = await webRequest(req, requestUrl);
      for (const part of parts) {
        const answer = await part(requestUrl, request);
        if (answer) return sendWeb(res, answer);
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.listenHost ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const toolKeysUrl = `${options.toolUrl}/api/lti/jwks`;
  const registration = createRegistrationSide({ baseUrl: url });
  // Its own client id, any given on a course page (?client=, a second registration), and the registered ones.
  const clientIds = () => [STAND_IN_CLIENT_ID, JOURNEY_CLIENT_ID, ...registration.tools.map((tool) => tool.clientId)];
  const deepLinking = createDeepLinkingSide({ baseUrl: url, toolKeys: toolKeysUrl, clientIds });
  const services = createLmsServices({ origin: url, clientId: clientIds, toolKeySet: () => fetchKeySet(toolKeysUrl) });
  const oidc = await createOidcSide({
    issuer: url,
    toolUrl: options.toolUrl,
    parts: { lineItemsUrl: services.lineItemsUrl, membershipsUrl: services.membershipsUrl, deepLinkingSettings: deepLinking.settingsFor },
  });
  partsReady([(partUrl) => oidc.handle(partUrl), (_, request) => registration.handle(request), (_, request) => deepLinking.handle(request), (_, request) => services.handle(request)]);
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
