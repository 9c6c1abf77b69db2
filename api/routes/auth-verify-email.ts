import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { resendEmailVerification } from "../services/auth/resend-email-verification";
import { VerifyEmailInput } from "../services/auth/schemas";
import { verifyEmail } from "../services/auth/verify-email";
import { errorResponses, jsonBody, jsonResponse, Message } from "./auth-http";
import { clientAddressOf } from "../services/auth/client-address";

/** Confirming a self-registered account's e-mail (docs/security.md, "Unconfirmed accounts"). */
const tags = ["Auth"];

const VerificationSent = z
  .object({ message: z.string(), code: z.literal("VERIFICATION_SENT"), retryAfterSeconds: z.number().int() })
  .openapi("VerificationSent");

export const authVerifyEmailRoutes = newRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/verify-email",
      tags,
      summary: "Confirm the e-mail address with the token of the e-mailed link (works once, for 24 hours)",
      request: jsonBody(VerifyEmailInput.openapi("VerifyEmailInput")),
      responses: { 200: jsonResponse("E-mail confirmed", Message), ...errorResponses(400, 415) },
    }),
    async (c) => c.json(await verifyEmail(c.var.services, c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/verify-email/resend",
      tags,
      security: [{ bearer: [] }],
      middleware: [requireAuth] as const,
      summary: "Send the signed-in user's confirmation link again (one mail a minute)",
      responses: { 200: jsonResponse("Sent; the next one may follow after retryAfterSeconds", VerificationSent), ...errorResponses(401, 409, 429) },
    }),
    async (c) =>
      c.json(await resendEmailVerification(c.var.services, callerOf(c), { clientAddress: clientAddressOf(c.req.raw.headers) }), 200),
  );
