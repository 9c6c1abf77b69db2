/**
 * The LMS stand-in's deep-linking side (Deep Linking 2.0, the platform's half), for tests and
 * offline demos: the deep_linking_settings it puts in a deep-linking launch (a return URL and an
 * opaque `data` it expects back), and the return URL that takes the tool's form post (field
 * JWT), verifies the LtiDeepLinkingResponse with the TOOL's key set (RS256 only), its issuer
 * (our client id), audience (this issuer), deployment, message type and `data`, and shows the
 * placed link. Web-standard (Request → Response); index.node.ts serves it.
 */
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, jwtVerify } from "jose";

export interface PlacedLink {
  title: string;
  url: string;
  custom: Record<string, string>;
  lineItem?: { scoreMaximum: number; label: string; resourceId: string };
  deploymentId: string;
}

export interface DeepLinkingSideOptions {
  /** This stand-in's origin: its issuer, the audience of the tool's responses. */
  baseUrl: string;
  /** The tool's key set: its JWKS URL (fetched as a platform does), or the set itself. */
  toolKeys: string | (() => Promise<JSONWebKeySet>);
  /** The client id(s) the tool was registered with: the expected `iss`. */
  clientIds: () => string[];
}

const CLAIM = {
  messageType: "https://purl.imsglobal.org/spec/lti/claim/message_type",
  version: "https://purl.imsglobal.org/spec/lti/claim/version",
  deploymentId: "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  data: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
} as const;
const esc = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const page = (title: string, body: string, status = 200) =>
  new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1>${body}</body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });

export function createDeepLinkingSide(options: DeepLinkingSideOptions) {
  const { baseUrl } = options;
  const placed: PlacedLink[] = [];
  const expectedData = new Map<string, string>();
  const remote = typeof options.toolKeys === "string" ? createRemoteJWKSet(new URL(options.toolKeys)) : null;

  /** The settings of a deep-linking request for one deployment, as the launch's id_token carries them. */
  function settingsFor(deploymentId: string) {
    const data = `dl-${crypto.randomUUID()}`;
    expectedData.set(data, deploymentId);
    return {
      deep_link_return_url: `${baseUrl}/deep-linking/return`,
      accept_types: ["ltiResourceLink"],
      accept_presentation_document_targets: ["iframe", "window"],
      accept_multiple: false,
      auto_create: true,
      title: "Add an activity",
      data,
    };
  }

  async function verify(jwt: string) {
    const keys = remote ?? createLocalJWKSet(await (options.toolKeys as () => Promise<JSONWebKeySet>)());
    const { payload } = await jwtVerify(jwt, keys, { algorithms: ["RS256"], audience: baseUrl, issuer: options.clientIds(), maxTokenAge: "10m" });
    if (payload[CLAIM.messageType] !== "LtiDeepLinkingResponse" || payload[CLAIM.version] !== "1.3.0") throw new Error("not an LtiDeepLinkingResponse 1.3.0");
    if (typeof payload.nonce !== "string" || !payload.nonce) throw new Error("no nonce");
    const data = payload[CLAIM.data];
    const deploymentId = payload[CLAIM.deploymentId];
    if (typeof data !== "string" || expectedData.get(data) !== deploymentId) throw new Error("data or deployment_id not as sent");
    expectedData.delete(data);
    const items = payload[CLAIM.contentItems];
    if (!Array.isArray(items) || items.length !== 1 || items[0].type !== "ltiResourceLink") throw new Error("expected one ltiResourceLink");
    return { ...(items[0] as Omit<PlacedLink, "deploymentId">), deploymentId: String(deploymentId) };
  }

  async function receive(request: Request): Promise<Response> {
    const form = await request.formData().catch(() => null);
    const jwt = form?.get("JWT");
    if (typeof jwt !== "string") return page("Deep linking refused", "<p>No JWT field</p>", 400);
    try {
      const link = await verify(jwt);
      placed.push(link);
      return page(
        "Link placed in the course",
        `<p id="placed-title">${esc(link.title)}</p><p>Launches <code>${esc(link.url)}</code> with quiz_id <code id="placed-quiz">${esc(link.custom?.quiz_id ?? "")}</code>; gradebook column <span id="placed-column">${esc(link.lineItem?.label ?? "")}</span> out of ${esc(String(link.lineItem?.scoreMaximum ?? ""))}</p>`,
      );
    } catch (error) {
      return page("Deep linking refused", `<p id="refused">${esc((error as Error).message)}</p>`, 400);
    }
  }

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/deep-linking/return") return receive(request);
    if (request.method === "GET" && url.pathname === "/__placed") return Response.json(placed);
    return null;
  }

  return { handle, settingsFor, placed };
}
