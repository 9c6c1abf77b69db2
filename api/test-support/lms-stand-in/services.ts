import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";

/**
 * The LMS stand-in's service side (issue 29; lti-shared brief): what a platform answers to a
 * tool's LTI Advantage calls, as the IMS specifications word them, for the unit and e2e tests.
 *  - POST /token: OAuth 2 client credentials with a JWT client assertion (IMS Security
 *    Framework 1.0 §4.1), checked against the tool's key set (signature RS256 only, iss = sub =
 *    the client id, aud = this token URL, expiry, jti used once).
 *  - Assignment and Grade Services 2.0: /courses/:course/lineitems (list, with resource_link_id
 *    and resource_id filters; create), /courses/:course/lineitems/:n/lineitem (one), …/scores
 *    (the score publish service; the latest timestamp wins, as AGS §3.4.6 says).
 *  - Names and Role Provisioning Services 2.0: /courses/:course/memberships, paged by the Link
 *    header (rel="next").
 *  - GET /courses/:course/gradebook: an HTML page of the course's columns and scores.
 * Every bearer token is checked for its scope. `trouble` makes the service calls answer slowly
 * (never, until the stand-in stops), with 500 or with garbage, for as many calls as asked.
 * Web-standard Request/Response: index.node.ts serves it.
 */

export const SCOPE = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  lineItemReadonly: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
} as const;

export interface StandInLineItem {
  id: string;
  course: string;
  scoreMaximum: number;
  label: string;
  resourceLinkId?: string;
  resourceId?: string;
}

export interface StandInScore {
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
}

export interface StandInMember {
  user_id: string;
  name?: string;
  email?: string;
  roles: string[];
  status?: "Active" | "Inactive" | "Deleted";
}

export type Trouble = { kind: "slow" | "500" | "garbage"; calls: number };

export interface LmsServicesOptions {
  /** This stand-in's origin, e.g. http://127.0.0.1:4303 (the token URL is origin + /token). */
  origin: string;
  /** The client id the tool was registered with (or the ids, when the stand-in knows several). */
  clientId: string | (() => string[]);
  /** The tool's public keys (its /api/lti/jwks, or publishedKeySet in a unit test). */
  toolKeySet: () => Promise<JSONWebKeySet>;
  /** Members per NRPS page. */
  pageSize?: number;
  /** Token lifetime announced (expires_in), seconds. */
  tokenSeconds?: number;
  /** The stand-in's clock, for the assertion's expiry (tests move time). */
  now?: () => Date;
}

export interface LmsServicesStandIn {
  /** The answer to a request of the service side; null when the path is not one of its own. */
  handle(request: Request): Promise<Response | null>;
  /** The stand-in's origin (its issuer). */
  origin: string;
  tokenUrl: string;
  lineItemsUrl(course: string): string;
  membershipsUrl(course: string): string;
  lineItems: StandInLineItem[];
  /** Scores by line item id, then by user id (the latest kept). */
  scores: Map<string, Map<string, StandInScore>>;
  /** Every score posted, in order (a test counts sends). */
  scorePosts: { lineItem: string; score: StandInScore }[];
  tokenRequests: { scope: string }[];
  members: Map<string, StandInMember[]>;
  trouble: Trouble | null;
  /** Ends the calls held by "slow". */
  releaseSlow(): void;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export function createLmsServices(options: LmsServicesOptions): LmsServicesStandIn {
  const { origin } = options;
  const clientIds = () => (typeof options.clientId === "string" ? [options.clientId] : options.clientId());
  const tokenUrl = `${origin}/token`;
  const tokens = new Map<string, Set<string>>();
  const usedJti = new Set<string>();
  const held: (() => void)[] = [];
  const standIn: LmsServicesStandIn = {
    handle,
    origin,
    tokenUrl,
    lineItemsUrl: (course) => `${origin}/courses/${encodeURIComponent(course)}/lineitems`,
    membershipsUrl: (course) => `${origin}/courses/${encodeURIComponent(course)}/memberships`,
    lineItems: [],
    scores: new Map(),
    scorePosts: [],
    tokenRequests: [],
    members: new Map(),
    trouble: null,
    releaseSlow: () => held.splice(0).forEach((release) => release()),
  };

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path === "/token" && request.method === "POST") return troubled() ?? token(request);
    const gradebook = path.match(/^\/courses\/([^/]+)\/gradebook$/);
    if (gradebook && request.method === "GET") return gradebookPage(decodeURIComponent(gradebook[1]));
    const course = path.match(/^\/courses\/([^/]+)\/(lineitems|memberships)(?:\/(\d+)\/lineitem(\/scores)?)?$/);
    if (!course) return null;
    const trouble = troubled();
    if (trouble) return trouble;
    const [, courseId, kind, itemNumber, scores] = course;
    const name = decodeURIComponent(courseId);
    if (kind === "memberships") return request.method === "GET" ? withScope(request, [SCOPE.memberships], () => memberships(name, url)) : json({ error: "method" }, 405);
    if (!itemNumber) {
      if (request.method === "GET") return withScope(request, [SCOPE.lineItem, SCOPE.lineItemReadonly], () => listLineItems(name, url));
      if (request.method === "POST") return withScope(request, [SCOPE.lineItem], () => createLineItem(name, request));
      return json({ error: "method" }, 405);
    }
    const itemId = `${origin}/courses/${courseId}/lineitems/${itemNumber}/lineitem`;
    const item = standIn.lineItems.find((candidate) => candidate.id === itemId);
    if (!item) return json({ error: "no such line item" }, 404);
    if (scores) return request.method === "POST" ? withScope(request, [SCOPE.score], () => postScore(item, request)) : json({ error: "method" }, 405);
    return withScope(request, [SCOPE.lineItem, SCOPE.lineItemReadonly], async () => json(item, 200, { "content-type": "application/vnd.ims.lis.v2.lineitem+json" }));
  }

  /** The switch for tests: the next `calls` service calls answer slowly, 500 or garbage. */
  function troubled(): Response | Promise<Response> | null {
    const trouble = standIn.trouble;
    if (!trouble || trouble.calls <= 0) return null;
    trouble.calls--;
    if (trouble.kind === "500") return json({ error: "down for maintenance" }, 500);
    if (trouble.kind === "garbage") return new Response("<html>Welcome to the LMS! {not json", { status: 200, headers: { "content-type": "application/json" } });
    return new Promise((resolve) => held.push(() => resolve(json({ error: "too late" }, 503))));
  }

  async function token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const scope = form.get("scope") ?? "";
    standIn.tokenRequests.push({ scope });
    if (form.get("grant_type") !== "client_credentials" || form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer") {
      return json({ error: "unsupported_grant_type" }, 400);
    }
    try {
      const keys = createLocalJWKSet(await options.toolKeySet());
      const { payload } = await jwtVerify(form.get("client_assertion") ?? "", keys, { algorithms: ["RS256"], issuer: clientIds(), audience: tokenUrl, requiredClaims: ["exp", "iat", "jti"], currentDate: options.now?.(), clockTolerance: 5 });
      if (payload.sub !== payload.iss) return json({ error: "invalid_client", error_description: "sub is not the client id" }, 401);
      if (usedJti.has(payload.jti!)) return json({ error: "invalid_client", error_description: "jti used" }, 401);
      usedJti.add(payload.jti!);
    } catch {
      return json({ error: "invalid_client" }, 401);
    }
    const granted = scope.split(" ").filter((asked) => (Object.values(SCOPE) as string[]).includes(asked));
    const accessToken = crypto.randomUUID();
    tokens.set(accessToken, new Set(granted));
    return json({ access_token: accessToken, token_type: "Bearer", expires_in: options.tokenSeconds ?? 3600, scope: granted.join(" ") });
  }

  async function withScope(request: Request, anyOf: string[], answer: () => Promise<Response>): Promise<Response> {
    const bearer = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1];
    const scopes = bearer ? tokens.get(bearer) : undefined;
    if (!scopes) return json({ error: "invalid_token" }, 401);
    if (!anyOf.some((scope) => scopes.has(scope))) return json({ error: "insufficient_scope" }, 403);
    return answer();
  }

  async function listLineItems(course: string, url: URL): Promise<Response> {
    const link = url.searchParams.get("resource_link_id");
    const resource = url.searchParams.get("resource_id");
    const items = standIn.lineItems.filter((item) => item.course === course && (!link || item.resourceLinkId === link) && (!resource || item.resourceId === resource));
    return json(items, 200, { "content-type": "application/vnd.ims.lis.v2.lineitemcontainer+json" });
  }

  async function createLineItem(course: string, request: Request): Promise<Response> {
    if (request.headers.get("content-type") !== "application/vnd.ims.lis.v2.lineitem+json") return json({ error: "media type" }, 415);
    const body = (await request.json().catch(() => null)) as Partial<StandInLineItem> | null;
    if (!body || typeof body.scoreMaximum !== "number" || body.scoreMaximum <= 0 || typeof body.label !== "string" || !body.label) return json({ error: "scoreMaximum and label are required" }, 400);
    const item: StandInLineItem = {
      id: `${standIn.lineItemsUrl(course)}/${standIn.lineItems.length + 1}/lineitem`,
      course,
      scoreMaximum: body.scoreMaximum,
      label: body.label,
      resourceLinkId: body.resourceLinkId,
      resourceId: body.resourceId,
    };
    standIn.lineItems.push(item);
    return json(item, 201, { "content-type": "application/vnd.ims.lis.v2.lineitem+json" });
  }

  async function postScore(item: StandInLineItem, request: Request): Promise<Response> {
    if (request.headers.get("content-type") !== "application/vnd.ims.lis.v1.score+json") return json({ error: "media type" }, 415);
    const score = (await request.json().catch(() => null)) as StandInScore | null;
    const valid =
      score &&
      typeof score.userId === "string" &&
      typeof score.timestamp === "string" &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(score.timestamp) &&
      ["Initialized", "Started", "InProgress", "Submitted", "Completed"].includes(score.activityProgress) &&
      ["FullyGraded", "Pending", "PendingManual", "Failed", "NotReady"].includes(score.gradingProgress) &&
      (score.scoreGiven === undefined || (typeof score.scoreGiven === "number" && score.scoreGiven >= 0 && typeof score.scoreMaximum === "number" && score.scoreMaximum > 0));
    if (!valid) return json({ error: "not a score" }, 400);
    standIn.scorePosts.push({ lineItem: item.id, score });
    let ofItem = standIn.scores.get(item.id);
    if (!ofItem) standIn.scores.set(item.id, (ofItem = new Map()));
    const before = ofItem.get(score.userId);
    // AGS §3.4.6: a score older than the one held is ignored (still a success for the tool).
    if (!before || before.timestamp <= score.timestamp) ofItem.set(score.userId, score);
    return new Response(null, { status: 204 });
  }

  async function memberships(course: string, url: URL): Promise<Response> {
    const all = standIn.members.get(course) ?? [];
    const size = options.pageSize ?? 2;
    const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
    const members = all.slice((page - 1) * size, page * size);
    const headers: Record<string, string> = { "content-type": "application/vnd.ims.lti-nrps.v2.membershipcontainer+json" };
    if (page * size < all.length) headers.link = `<${standIn.membershipsUrl(course)}?page=${page + 1}>; rel="next"`;
    return json({ id: url.href, context: { id: course, title: `Course ${course}` }, members }, 200, headers);
  }

  function gradebookPage(course: string): Response {
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = standIn.lineItems
      .filter((item) => item.course === course)
      .flatMap((item) =>
        [...(standIn.scores.get(item.id)?.values() ?? [])].map(
          (score) =>
            `<tr><td>${escape(item.label)}</td><td>${escape(score.userId)}</td><td>${score.scoreGiven ?? ""} / ${score.scoreMaximum ?? ""}</td><td>${escape(score.activityProgress)}</td><td>${escape(score.gradingProgress)}</td></tr>`,
        ),
      );
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gradebook of ${escape(course)}</title></head><body><h1>Gradebook of ${escape(course)}</h1>
<table><thead><tr><th>Column</th><th>User</th><th>Score</th><th>Activity</th><th>Grading</th></tr></thead><tbody>${rows.join("")}</tbody></table></body></html>`;
    return new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
  }

  return standIn;
}
