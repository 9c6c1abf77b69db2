import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { createKeyPair } from "../services/auth/create-key-pair";
import { loginUsingKeys } from "../services/auth/login-using-keys";
import { revokeKeyPair } from "../services/auth/revoke-key-pair";
import { getKeyPair } from "../services/auth/get-key-pair";
import { CreateKeyPairInput, KeyLoginInput } from "../services/auth/schemas";
import { deviceOf } from "../services/auth/sessions";
import { errorResponses, jsonBody, jsonResponse, SessionUser, setSessionCookies } from "./auth-http";
import { ErrorEnvelope } from "./openapi-shapes";

/** Key login (spec 7 login_using_keys) and the signed-in user's key pair. */
const tags = ["Auth"];
const secured = [{ bearer: [] }];

const KeyLoginSuccess = z
  .object({
    status: z.literal(true),
    userexists: z.literal(true),
    token: z.string(),
    accessToken: z.string(),
    refreshToken: z.string(),
    user: SessionUser,
    message: z.string(),
  })
  .openapi("KeyLoginSuccess");

const KeyLoginFailure = z
  .object({
    status: z.literal(false),
    userexists: z.literal(false),
    message: z.string(),
    code: ErrorEnvelope.shape.code,
    errors: z.record(z.string(), z.string()).optional(),
  })
  .openapi("KeyLoginFailure");

const KeyPair = z
  .object({ public_key: z.string(), private_key: z.string(), module_id: z.string(), expires_at: z.number().int() })
  .openapi("KeyPair");

const KeyPairSummary = z
  .object({
    keyPair: z
      .object({
        public_key: z.string(),
        module_id: z.string(),
        created_at: z.number().int(),
        expires_at: z.number().int(),
        last_used_at: z.number().int().nullable(),
        expired: z.boolean(),
      })
      .nullable(),
  })
  .openapi("KeyPairSummary");

/**
 * Spec 7 gives key login its own answer shape (`status`, `userexists`); failures keep the
 * envelope's `message`/`code`/`errors` and add `status: false, userexists: false`, whatever
 * produced them (validation, malformed JSON, wrong keys).
 */
const keyLoginFailureShape = createMiddleware<ApiEnv>(async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get("content-type")?.includes("application/json")) return;
  const envelope = (await c.res.clone().json()) as { message?: string; code?: string; errors?: Record<string, string> };
  const headers = new Headers(c.res.headers);
  c.res = new Response(JSON.stringify({ status: false, userexists: false, ...envelope }), { status: c.res.status, headers });
});

export const authKeyRoutes = newRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/login_using_keys",
      tags,
      middleware: [keyLoginFailureShape] as const,
      summary: "Sign in with a key pair for a module of the key owner's business",
      request: jsonBody(KeyLoginInput.openapi("KeyLoginInput")),
      responses: {
        200: jsonResponse("Signed in", KeyLoginSuccess),
        400: jsonResponse("Invalid input", KeyLoginFailure),
        401: jsonResponse("Unknown or revoked key pair, wrong private key, or module not of this business", KeyLoginFailure),
        415: jsonResponse("The body is not JSON", KeyLoginFailure),
        429: jsonResponse("Too many wrong private keys for this public key (see Retry-After)", KeyLoginFailure),
      },
    }),
    async (c) => {
      const session = await loginUsingKeys(c.var.services, c.req.valid("json"), deviceOf(c.req.raw.headers));
      setSessionCookies(c, session);
      return c.json(
        { status: true as const, userexists: true as const, token: session.accessToken, ...session, message: "Login successful" },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/keys",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Create a key pair with the current password (replaces the previous one); the private key is shown only now",
      request: jsonBody(CreateKeyPairInput.openapi("CreateKeyPairInput")),
      responses: { 201: jsonResponse("The new key pair", KeyPair), ...errorResponses(400, 401, 415, 429) },
    }),
    async (c) => c.json(await createKeyPair(c.var.services, callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/keys",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "The signed-in user's active key pair (public key and dates; the private key is never stored)",
      responses: { 200: jsonResponse("The key pair, or null", KeyPairSummary), ...errorResponses(401) },
    }),
    async (c) => c.json(await getKeyPair(c.var.services, callerOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/keys",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Revoke the signed-in user's key pair",
      responses: {
        200: jsonResponse("Revoked (idempotent)", z.object({ message: z.string(), revoked: z.number().int() }).openapi("KeysRevoked")),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const { revoked } = await revokeKeyPair(c.var.services, callerOf(c));
      return c.json({ message: "Key pair revoked", revoked }, 200);
    },
  );
