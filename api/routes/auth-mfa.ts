import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { clientAddressOf } from "../services/auth/client-address";
import { disableMfa } from "../services/auth/mfa/disable-mfa";
import { enableMfa } from "../services/auth/mfa/enable-mfa";
import { loginSecondStep } from "../services/auth/mfa/login-second-step";
import { getMfaStatus } from "../services/auth/mfa/mfa-status";
import { startMfaSetup } from "../services/auth/mfa/start-mfa-setup";
import { MfaDisableInput, MfaEnableInput, MfaLoginInput, MfaSetupInput } from "../services/auth/schemas";
import { deviceOf } from "../services/auth/sessions";
import { errorResponses, jsonBody, jsonResponse, Message, Session, setSessionCookies } from "./auth-http";

/**
 * Two-step sign-in (docs/decisions/0013-two-step-sign-in.md): turning it on and off for the
 * signed-in user, and the code step of a password sign-in.
 */
const tags = ["Auth"];
const secured = [{ bearer: [] }];

const MfaStatus = z
  .object({ enabled: z.boolean(), enabledAt: z.number().int().nullable(), recoveryCodesLeft: z.number().int() })
  .openapi("MfaStatus");

const MfaEnrolment = z
  .object({
    secret: z.string().openapi({ description: "Base32 secret, for typing into an app that cannot scan" }),
    otpauthUrl: z.string().openapi({ description: "otpauth:// key URI (TOTP, SHA-1, 6 digits, 30 s)" }),
    qrSvg: z.string().openapi({ description: "The key URI as a QR code, an SVG document" }),
  })
  .openapi("MfaEnrolment");

const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).length(10).openapi({ description: "Shown once; only their hashes are kept" }) })
  .openapi("MfaRecoveryCodes");

export const authMfaRoutes = newRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/mfa",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Whether two-step sign-in is on for the signed-in user, and how many recovery codes are left",
      responses: { 200: jsonResponse("Two-step sign-in status", MfaStatus), ...errorResponses(401) },
    }),
    async (c) => c.json(await getMfaStatus(c.var.services, callerOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/mfa/setup",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Start turning two-step sign-in on: a new pending secret and its QR code (replaces a pending one)",
      request: jsonBody(MfaSetupInput.openapi("MfaSetupInput")),
      responses: { 200: jsonResponse("Scan or type the secret, then enable with a code", MfaEnrolment), ...errorResponses(400, 401, 409, 415, 429) },
    }),
    async (c) => c.json(await startMfaSetup(c.var.services, callerOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/mfa/enable",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Turn two-step sign-in on with a code from the pending secret; answers ten recovery codes, once",
      request: jsonBody(MfaEnableInput.openapi("MfaEnableInput")),
      responses: { 200: jsonResponse("On; keep the recovery codes somewhere safe", RecoveryCodes), ...errorResponses(400, 401, 409, 415) },
    }),
    async (c) => c.json(await enableMfa(c.var.services, callerOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/mfa/disable",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Turn two-step sign-in off with the current password and a code (app or recovery code)",
      request: jsonBody(MfaDisableInput.openapi("MfaDisableInput")),
      responses: { 200: jsonResponse("Off", Message), ...errorResponses(400, 401, 409, 415, 429) },
    }),
    async (c) => c.json(await disableMfa(c.var.services, callerOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/login/mfa",
      tags,
      summary: "Second step of a password sign-in: the mfaToken from /login and a code (app or recovery code)",
      request: jsonBody(MfaLoginInput.openapi("MfaLoginInput")),
      responses: { 200: jsonResponse("Signed in", Session), ...errorResponses(400, 401, 415, 429) },
    }),
    async (c) => {
      const session = await loginSecondStep(c.var.services, c.req.valid("json"), {
        clientAddress: clientAddressOf(c.req.raw.headers),
        ...deviceOf(c.req.raw.headers),
      });
      setSessionCookies(c, session);
      return c.json(session, 200);
    },
  );
