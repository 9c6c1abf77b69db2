/**
 * The LMS stand-in's OpenID side (issue 29 tests; ADR 0087): the platform half of IMS
 * Security 1.0 for an LTI 1.3 launch. It has its own RSA key pair published as a JWKS, an
 * authorisation endpoint that answers our tool's authentication request by auto-posting a
 * signed id_token to its redirect_uri, and a "course page" that opens the tool in an iframe
 * (third-party initiated login). For the refusal tests it mints any token a hostile or broken
 * platform could: forged (an unpublished key), expired, wrong audience, wrong deployment,
 * `alg: none`, HS256 keyed with the public key, an unknown `kid`.
 */
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

export const STAND_IN_CLIENT_ID = "quiz-tool-client";
/** A second client id (the e2e journey registers it: issuer + client id is unique across schools). */
export const JOURNEY_CLIENT_ID = "quiz-tool-journey";
export const STAND_IN_DEPLOYMENT_ID = "deployment-1";
const LTI = "https://purl.imsglobal.org/spec/lti/claim/";

export interface StandInUser {
  sub: string;
  name?: string;
  email?: string;
  /** "Learner" or "Instructor" (made into the membership role URI), or full role URIs. */
  roles: string[];
}

export interface StandInLaunch {
  user: StandInUser;
  resourceLinkId?: string;
  quizId?: number;
  contextId?: string;
  contextTitle?: string;
  messageType?: "LtiResourceLinkRequest" | "LtiDeepLinkingRequest";
  /** Another client id of the tool at this platform (a second registration); the side's own by default. */
  clientId?: string;
  /** That registration's deployment id (dynamic registration gives each its own); the side's own by default. */
  deploymentId?: string;
  /** Claims to add or replace (undefined removes one). */
  claims?: Record<string, unknown>;
}

export type Forgery = "none" | "forged-key" | "alg-none" | "hs256-public-key" | "unknown-kid";

interface KeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKeyPair(kid: string): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

const roleUri = (role: string) => (role.includes("://") ? role : `http://purl.imsglobal.org/vocab/lis/v2/membership#${role}`);
const base64url = (data: Uint8Array | string) => {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

export interface OidcSide {
  issuer: string;
  clientId: string;
  deploymentId: string;
  keySetUrl: string;
  authLoginUrl: string;
  /** The claims a launch carries, before signing. */
  claimsOf(launch: StandInLaunch, nonce: string, now?: number): Record<string, unknown>;
  /** A signed id_token (or a forged one). */
  mint(claims: Record<string, unknown>, forgery?: Forgery): Promise<string>;
  /** Publish a new key and sign with it from now on (rotation). */
  rotate(): Promise<void>;
  /** How many times the key set was fetched. */
  readonly keySetFetches: number;
  /** Make the JWKS endpoint fail (answers 500 with garbage) or recover. */
  setKeySetBroken(broken: boolean): void;
  /** The answer to a request to one of its paths, null for any other path. */
  handle(url: URL): Promise<Response | null>;
}

/**
 * Where the launch's service claims point and which deep-linking settings it carries: the
 * composed stand-in (index.node.ts) names its services and deep-linking sides here; alone, the
 * OIDC side names addresses of its own (nothing answers them).
 */
export interface OidcPlatformParts {
  lineItemsUrl(contextId: string): string;
  membershipsUrl(contextId: string): string;
  deepLinkingSettings(deploymentId: string): Record<string, unknown>;
}

export async function createOidcSide(options: { issuer: string; toolUrl: string; clientId?: string; deploymentId?: string; parts?: OidcPlatformParts }): Promise<OidcSide> {
  const { issuer, toolUrl } = options;
  const clientId = options.clientId ?? STAND_IN_CLIENT_ID;
  const deploymentId = options.deploymentId ?? STAND_IN_DEPLOYMENT_ID;
  const published: KeyPair[] = [await newKeyPair("stand-in-1")];
  let signing = published[0];
  const unpublished = await newKeyPair("stand-in-1"); // same kid, other key: a forgery
  let keySetBroken = false;
  let keySetFetches = 0;
  /** Launches waiting for the tool's authentication request, by login_hint. */
  const pending = new Map<string, StandInLaunch>();

  const claimsOf = (launch: StandInLaunch, nonce: string, now = Math.floor(Date.now() / 1000)): Record<string, unknown> => {
    const messageType = launch.messageType ?? "LtiResourceLinkRequest";
    const claims: Record<string, unknown> = {
      iss: issuer,
      aud: launch.clientId ?? clientId,
      sub: launch.user.sub,
      iat: now,
      exp: now + 300,
      nonce,
      name: launch.user.name,
      email: launch.user.email,
      [`${LTI}message_type`]: messageType,
      [`${LTI}version`]: "1.3.0",
      [`${LTI}deployment_id`]: launch.deploymentId ?? deploymentId,
      [`${LTI}target_link_uri`]: `${toolUrl}/api/lti/launch`,
      [`${LTI}roles`]: launch.user.roles.map(roleUri),
      [`${LTI}context`]: { id: launch.contextId ?? "course-1", label: "C1", title: launch.contextTitle ?? "Course one", type: ["http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering"] },
    };
    if (messageType === "LtiResourceLinkRequest") {
      claims[`${LTI}resource_link`] = { id: launch.resourceLinkId ?? "link-1", title: "Quiz activity" };
      if (launch.quizId !== undefined) claims[`${LTI}custom`] = { quiz_id: String(launch.quizId) };
      const contextId = launch.contextId ?? "course-1";
      const scope = ["https://purl.imsglobal.org/spec/lti-ags/scope/lineitem", "https://purl.imsglobal.org/spec/lti-ags/scope/score"];
      // Composed, no `lineitem` claim: the tool finds or makes its column in the line items container.
      claims["https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"] = options.parts
        ? { scope, lineitems: options.parts.lineItemsUrl(contextId) }
        : { scope, lineitems: `${issuer}/lineitems/${contextId}`, lineitem: `${issuer}/lineitems/${contextId}/${launch.resourceLinkId ?? "link-1"}` };
      claims["https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"] = {
        context_memberships_url: options.parts ? options.parts.membershipsUrl(contextId) : `${issuer}/memberships/${contextId}`,
        service_versions: ["2.0"],
      };
    } else if (options.parts) {
      claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] = options.parts.deepLinkingSettings(deploymentId);
    } else {
      claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] = {
        deep_link_return_url: `${issuer}/deep-linking/return`,
        accept_types: ["ltiResourceLink"],
        accept_presentation_document_targets: ["iframe", "window"],
        accept_multiple: false,
        data: "stand-in-data",
      };
    }
    for (const [name, value] of Object.entries(launch.claims ?? {})) {
      if (value === undefined) delete claims[name];
      else claims[name] = value;
    }
    return claims;
  };

  const mint = async (claims: Record<string, unknown>, forgery: Forgery = "none"): Promise<string> => {
    if (forgery === "alg-none") return `${base64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}.`;
    if (forgery === "hs256-public-key") {
      // The classic confusion: HMAC "signed" with the public key's bytes as the secret.
      const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: signing.kid }));
      const body = base64url(JSON.stringify(claims));
      const secret = JSON.stringify(signing.publicJwk);
      const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${header}.${body}`));
      return `${header}.${body}.${base64url(new Uint8Array(mac))}`;
    }
    const key = forgery === "forged-key" ? unpublished : signing;
    const kid = forgery === "unknown-kid" ? "never-published" : key.kid;
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "JWT", kid }).sign(key.privateKey);
  };

  const autoPost = (action: string, fields: Record<string, string>) =>
    `<!doctype html><html><body><form id="f" method="post" action="${action}">${Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, "&quot;")}">`)
      .join("")}</form><script>document.getElementById("f").submit()</script></body></html>`;

  const send = (status: number, type: string, body: string) => new Response(body, { status, headers: { "content-type": type, "cache-control": "no-store" } });

  const handle = async (url: URL): Promise<Response | null> => {
    if (url.pathname === "/jwks") {
      keySetFetches++;
      if (keySetBroken) return send(500, "text/plain", "<html>garbage");
      return send(200, "application/json", JSON.stringify({ keys: published.map((key) => key.publicJwk) }));
    }
    if (url.pathname === "/course") {
      // The course page: a launch for the user named in the query, opened in an iframe.
      const user: StandInUser = {
        sub: url.searchParams.get("sub") ?? "student-1",
        name: url.searchParams.get("name") ?? undefined,
        email: url.searchParams.get("email") ?? undefined,
        roles: [url.searchParams.get("role") ?? "Learner"],
      };
      const loginHint = `${user.sub}-${Math.random().toString(36).slice(2)}`;
      const quiz = url.searchParams.get("quiz");
      // ?message=deep-linking: the teacher's "add an activity" (an LtiDeepLinkingRequest).
      const messageType = url.searchParams.get("message") === "deep-linking" ? "LtiDeepLinkingRequest" : "LtiResourceLinkRequest";
      const launchClient = url.searchParams.get("client") ?? clientId;
      // ?deployment=: the deployment a dynamic registration answered with that client id.
      const launchDeployment = url.searchParams.get("deployment") ?? deploymentId;
      pending.set(loginHint, { user, messageType, clientId: launchClient, deploymentId: launchDeployment, quizId: quiz ? Number(quiz) : undefined, resourceLinkId: url.searchParams.get("link") ?? "link-1", contextId: url.searchParams.get("context") ?? undefined });
      const login = new URL(`${toolUrl}/api/lti/login`);
      for (const [name, value] of Object.entries({ iss: issuer, login_hint: loginHint, target_link_uri: `${toolUrl}/api/lti/launch`, lti_message_hint: "m1", client_id: launchClient, lti_deployment_id: launchDeployment })) {
        login.searchParams.set(name, value);
      }
      return send(
        200,
        "text/html; charset=utf-8",
        `<!doctype html><html><head><title>Course one</title></head><body><h1>Course one (LMS stand-in)</h1><iframe id="tool" title="Quiz tool" src="${login.toString().replace(/&/g, "&amp;")}" style="width:100%;height:80vh;border:1px solid #999"></iframe></body></html>`,
      );
    }
    if (url.pathname === "/auth") {
      // The OIDC authorisation endpoint (IMS Security §5.1.1.2): checks the request, answers
      // with the id_token auto-posted to the registered redirect URI.
      const q = url.searchParams;
      const launch = pending.get(q.get("login_hint") ?? "");
      const valid =
        q.get("scope") === "openid" && q.get("response_type") === "id_token" && q.get("response_mode") === "form_post" && q.get("prompt") === "none" && q.get("client_id") === (launch?.clientId ?? clientId) && q.get("redirect_uri") === `${toolUrl}/api/lti/launch`;
      if (!launch || !valid || !q.get("nonce") || !q.get("state")) return send(400, "text/plain", "invalid_request");
      pending.delete(q.get("login_hint") ?? "");
      const idToken = await mint(claimsOf(launch, q.get("nonce") ?? ""));
      return send(200, "text/html; charset=utf-8", autoPost(q.get("redirect_uri") ?? "", { id_token: idToken, state: q.get("state") ?? "" }));
    }
    return null;
  };

  return {
    issuer,
    clientId,
    deploymentId,
    keySetUrl: `${issuer}/jwks`,
    authLoginUrl: `${issuer}/auth`,
    claimsOf,
    mint,
    async rotate() {
      signing = await newKeyPair(`stand-in-${published.length + 1}`);
      published.push(signing);
    },
    get keySetFetches() {
      return keySetFetches;
    },
    setKeySetBroken(broken) {
      keySetBroken = broken;
    },
    handle,
  };
}
