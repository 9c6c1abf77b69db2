import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { addPlatform } from "../services/lti/platforms/add-platform";
import { listPlatforms } from "../services/lti/platforms/list-platforms";
import { ourValues } from "../services/lti/platforms/our-values";
import { removePlatform } from "../services/lti/platforms/remove-platform";
import { addPlatformInput, PlatformEnabledInput, PlatformIdInput } from "../services/lti/platforms/schemas";
import { setPlatformEnabled } from "../services/lti/platforms/set-platform-enabled";
import { rotateToolKey } from "../services/lti/platforms/tool-key";
import { registerDynamically, RegisterDynamicallyInput } from "../services/lti/registration/register-dynamically";
import { publishedKeySet } from "../services/lti/tool-keys";
import { errorResponses, jsonBody, jsonResponse, Message } from "./openapi-shapes";

/** decisions.md "LTI 1.3" (issue 29 points 1 and 3, docs/decisions/0088): the tool's keys and the owner's platforms. */
const tags = ["LTI"];

/** How long a platform may cache our key set: short, so a rotation is seen soon; the retired key stays published for days anyway. */
export const JWKS_MAX_AGE_SECONDS = 300;

const Platform = z
  .object({
    id: z.number().int(),
    name: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    deploymentIds: z.array(z.string()),
    authLoginUrl: z.string(),
    authTokenUrl: z.string(),
    authTokenAudience: z.string().nullable(),
    keySetUrl: z.string(),
    registeredBy: z.enum(["dynamic", "manual"]),
    enabled: z.boolean(),
    createdAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
  })
  .openapi("LtiPlatform");
const ToolValues = z
  .object({
    toolUrl: z.string(),
    loginUrl: z.string(),
    launchUrl: z.string(),
    jwksUrl: z.string(),
    deepLinkingUrl: z.string(),
    registrationUrl: z.string(),
    domain: z.string(),
  })
  .openapi("LtiToolValues");
const Jwk = z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string(), n: z.string(), e: z.string() }).openapi("Jwk");

const jwksRoute = createRoute({
  method: "get",
  path: "/lti/jwks",
  tags,
  summary: "The tool's public keys (JWKS) by kid: the signing key and the retired ones still published",
  responses: { 200: jsonResponse("The key set", z.object({ keys: z.array(Jwk) })) },
});
const registerRoute = createRoute({
  method: "get",
  path: "/lti/register",
  tags,
  summary: "LTI Dynamic Registration: the LMS admin's browser opens it; it goes on to the owner's confirmation page (sign-in first if needed)",
  request: { query: z.object({ openid_configuration: z.string().optional(), registration_token: z.string().optional() }) },
  responses: { 303: { description: "To /quiz/admin/lti/register with the same query" } },
});

const post = <const P extends string, S extends z.ZodType, R extends Parameters<typeof createRoute>[0]["responses"]>(path: P, summary: string, body: S, responses: R) =>
  createRoute({ method: "post", path, tags, summary, security: [{ bearer: [] }], middleware: [requireAuth] as const, request: jsonBody(body), responses });
const postWithoutBody = <const P extends string, R extends Parameters<typeof createRoute>[0]["responses"]>(path: P, summary: string, responses: R) =>
  createRoute({ method: "post", path, tags, summary, security: [{ bearer: [] }], middleware: [requireAuth] as const, responses });

const listRoute = postWithoutBody("/lti/platform/all", "The business's LMS platforms with their deployment ids (owner)", {
  200: jsonResponse("The platforms", z.object({ data: z.array(Platform) })),
  ...errorResponses(401, 403),
});
const addRoute = post(
  "/lti/platform",
  "Add a platform by hand: issuer, client id, deployment ids, login, token and key-set URLs, all https (owner)",
  addPlatformInput(true).openapi("LtiPlatformInput"),
  { 201: jsonResponse("Added", z.object({ message: z.string(), code: z.string(), data: z.object({ platformId: z.number().int() }) })), ...errorResponses(400, 401, 403, 409) },
);
const enableRoute = post("/lti/platform/enable", "Enable or disable a platform: a disabled one cannot launch (owner)", PlatformEnabledInput.openapi("LtiPlatformEnabledInput"), {
  200: jsonResponse("Changed", Message),
  ...errorResponses(400, 401, 403, 404),
});
const removeRoute = post("/lti/platform/delete", "Remove a platform; the accounts its launches made stay (owner)", PlatformIdInput.openapi("LtiPlatformIdInput"), {
  200: jsonResponse("Removed", Message),
  ...errorResponses(400, 401, 403, 404),
});
const valuesRoute = postWithoutBody("/lti/platform/ourValues", "The values to paste into an LMS: login, launch, JWKS, deep-linking and registration URLs (owner)", {
  200: jsonResponse("Our values", z.object({ data: ToolValues })),
  ...errorResponses(401, 403),
});
const rotateRoute = postWithoutBody("/lti/platform/rotateKey", "A new signing key; the old one stays published 7 days (owner; at most once an hour)", {
  200: jsonResponse("Rotated", z.object({ message: z.string(), code: z.string(), kid: z.string() })),
  ...errorResponses(401, 403, 429, 503),
});

const registerNowRoute = post(
  "/lti/register",
  "LTI Dynamic Registration, the owner's confirmation: read the platform's OpenID configuration, register our client with the registration token, store the platform (owner)",
  RegisterDynamicallyInput.openapi("LtiRegisterInput"),
  {
    201: jsonResponse(
      "Registered",
      z.object({
        message: z.string(),
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        data: z.object({ platformId: z.number().int(), clientId: z.string(), deploymentId: z.string().nullable() }),
      }),
    ),
    ...errorResponses(400, 401, 403, 409, 503),
  },
);

export const ltiPlatformRoutes = newRouter()
  .openapi(jwksRoute, async (c) => {
    const keySet = await publishedKeySet(c.var.services.db, c.var.services.now());
    c.header("Cache-Control", `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    return c.json(keySet as { keys: z.infer<typeof Jwk>[] }, 200);
  })
  .openapi(registerRoute, (c) => {
    const query = new URL(c.req.url).search;
    return c.redirect(`/quiz/admin/lti/register${query}`, 303);
  })
  .openapi(registerNowRoute, async (c) => {
    const { message, code, params, platformId, clientId, deploymentId } = await registerDynamically(c.var.services, callerOf(c), c.req.valid("json"));
    return c.json({ message, code, params, data: { platformId, clientId, deploymentId } }, 201);
  })
  .openapi(listRoute, async (c) => c.json({ data: await listPlatforms(c.var.services, callerOf(c)) }, 200))
  .openapi(addRoute, async (c) => {
    const { message, code, platformId } = await addPlatform(c.var.services, callerOf(c), c.req.valid("json"));
    return c.json({ message, code, data: { platformId } }, 201);
  })
  .openapi(enableRoute, async (c) => c.json(await setPlatformEnabled(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(removeRoute, async (c) => c.json(await removePlatform(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(valuesRoute, async (c) => c.json({ data: ourValues(c.var.services, callerOf(c)) }, 200))
  .openapi(rotateRoute, async (c) => c.json(await rotateToolKey(c.var.services, callerOf(c)), 200));
