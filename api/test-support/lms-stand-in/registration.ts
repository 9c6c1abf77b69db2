/**
 * The LMS stand-in's registration side (LTI Dynamic Registration 1.0, the platform's half), for
 * tests and offline demos: its OpenID configuration, the registration endpoint that checks the
 * registration token and the tool's client registration and answers a client id and deployment
 * id, and an "admin" page that opens the tool's registration URL in a window and waits for its
 * `org.imsglobal.lti.close` message. Web-standard (Request → Response); index.node.ts serves it.
 */

export interface RegisteredTool {
  clientId: string;
  deploymentId: string;
  /** The client registration as the tool sent it. */
  registration: Record<string, unknown>;
}

export interface RegistrationSideOptions {
  /** This stand-in's origin, e.g. http://127.0.0.1:4203 (its issuer). */
  baseUrl: string;
  /** The paths of the stand-in's other parts, named in its configuration. */
  paths?: { authorization?: string; token?: string; jwks?: string };
}

const TOOL_CONFIGURATION_CLAIM = "https://purl.imsglobal.org/spec/lti-tool-configuration";
const esc = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Why a client registration is not what LTI Dynamic Registration 1.0 §3.6 asks, or null when it is. */
export function registrationProblem(body: Record<string, unknown>): string | null {
  const has = (list: unknown, value: string) => Array.isArray(list) && list.includes(value);
  if (body.application_type !== "web") return "application_type must be web";
  if (!has(body.response_types, "id_token")) return "response_types must hold id_token";
  if (!has(body.grant_types, "implicit") || !has(body.grant_types, "client_credentials")) return "grant_types must hold implicit and client_credentials";
  if (typeof body.initiate_login_uri !== "string" || !Array.isArray(body.redirect_uris) || typeof body.jwks_uri !== "string") return "initiate_login_uri, redirect_uris and jwks_uri are required";
  if (body.token_endpoint_auth_method !== "private_key_jwt") return "token_endpoint_auth_method must be private_key_jwt";
  const tool = body[TOOL_CONFIGURATION_CLAIM] as { domain?: unknown; target_link_uri?: unknown; messages?: { type?: unknown }[] } | undefined;
  if (!tool || typeof tool.domain !== "string" || typeof tool.target_link_uri !== "string") return "the tool configuration needs domain and target_link_uri";
  const types = (tool.messages ?? []).map((message) => message.type);
  if (!types.includes("LtiDeepLinkingRequest") || !types.includes("LtiResourceLinkRequest")) return "messages must offer LtiDeepLinkingRequest and LtiResourceLinkRequest";
  return null;
}

export function createRegistrationSide(options: RegistrationSideOptions) {
  const { baseUrl } = options;
  const paths = { authorization: "/auth", token: "/token", jwks: "/jwks", ...options.paths };
  const tools: RegisteredTool[] = [];
  const tokens = new Set<string>();
  let next = 1;

  const configuration = () => ({
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}${paths.authorization}`,
    token_endpoint: `${baseUrl}${paths.token}`,
    token_endpoint_auth_methods_supported: ["private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: ["RS256"],
    jwks_uri: `${baseUrl}${paths.jwks}`,
    registration_endpoint: `${baseUrl}/register`,
    scopes_supported: ["openid", "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem", "https://purl.imsglobal.org/spec/lti-ags/scope/score", "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"],
    response_types_supported: ["id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    claims_supported: ["sub", "iss", "name", "email"],
    "https://purl.imsglobal.org/spec/lti-platform-configuration": {
      product_family_code: "lms-stand-in",
      version: "1.0",
      messages_supported: [{ type: "LtiResourceLinkRequest" }, { type: "LtiDeepLinkingRequest" }],
    },
  });

  /** A registration token for one registration, as an LMS puts it in the registration URL. */
  function issueToken(): string {
    const token = `reg-${crypto.randomUUID()}`;
    tokens.add(token);
    return token;
  }

  async function register(request: Request): Promise<Response> {
    const token = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1];
    if (!token || !tokens.has(token)) return json({ error: "invalid_token" }, 401);
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return json({ error: "invalid_client_metadata", error_description: "not JSON" }, 400);
    }
    const problem = registrationProblem(body);
    if (problem) return json({ error: "invalid_client_metadata", error_description: problem }, 400);
    tokens.delete(token);
    const tool: RegisteredTool = { clientId: `stand-in-client-${next}`, deploymentId: `stand-in-deployment-${next}`, registration: body };
    next += 1;
    tools.push(tool);
    return json({ ...body, client_id: tool.clientId, [TOOL_CONFIGURATION_CLAIM]: { ...(body[TOOL_CONFIGURATION_CLAIM] as object), deployment_id: tool.deploymentId } });
  }

  /** The LMS admin's page: "Register" opens the tool's registration URL and waits for its close message. */
  function adminPage(url: URL): Response {
    const tool = url.searchParams.get("tool") ?? "";
    const start = `${tool}?${new URLSearchParams({ openid_configuration: `${baseUrl}/.well-known/openid-configuration`, registration_token: issueToken() })}`;
    const listed = tools.map((t) => `<li>${esc(t.clientId)} (${esc(t.deploymentId)})</li>`).join("");
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS stand-in: tools</title></head><body>
<h1>LMS stand-in: register a tool</h1>
<p><a id="register" href="${esc(start)}" target="tool-registration">Register tool</a></p>
<p id="status" role="status"></p><ul id="tools">${listed}</ul>
<script>
window.addEventListener("message", (event) => {
  if (event.data && event.data.subject === "org.imsglobal.lti.close") {
    document.getElementById("status").textContent = "Registration finished";
  }
});
</script></body></html>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }

  /** This side's answer to a request, or null when the path is another part's. */
  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/.well-known/openid-configuration") return json(configuration());
    if (request.method === "POST" && url.pathname === "/register") return register(request);
    if (request.method === "GET" && url.pathname === "/admin/tools") return adminPage(url);
    if (request.method === "GET" && url.pathname === "/__registrations") return json(tools);
    return null;
  }

  return { handle, issueToken, tools, configuration };
}
