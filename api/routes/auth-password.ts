import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { clientAddressOf } from "../services/auth/client-address";
import { ratePasswordStrength } from "../services/auth/password-strength-meter";
import { requestPasswordReset } from "../services/auth/request-password-reset";
import { resetPassword } from "../services/auth/reset-password";
import { ForgotPasswordInput, PasswordStrengthInput, ResetPasswordInput } from "../services/auth/schemas";
import { errorResponses, jsonBody, jsonResponse, Message, optionalCaller } from "./auth-http";

/**
 * Forgot password (spec 2.2, 5, 8), setting the new password from the e-mailed link, and
 * the strength meter under every new-password field (ASVS 2.1.8).
 */
const tags = ["Auth"];

const PasswordStrength = z
  .object({ score: z.number().int().min(0).max(4), acceptable: z.boolean() })
  .openapi("PasswordStrength");

export const authPasswordRoutes = newRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/forgot-password",
      tags,
      summary: "E-mail a one-time password reset link (valid one hour)",
      request: jsonBody(ForgotPasswordInput.openapi("ForgotPasswordInput")),
      responses: {
        200: jsonResponse("'Password reset link has been sent to your e-mail'", Message),
        ...errorResponses(400, 404, 415, 429),
      },
    }),
    async (c) =>
      c.json(await requestPasswordReset(c.var.services, c.req.valid("json"), { clientAddress: clientAddressOf(c.req.raw.headers) }), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/reset-password",
      tags,
      summary: "Set a new password with the token from the reset link; signs out every session",
      request: jsonBody(ResetPasswordInput.openapi("ResetPasswordInput")),
      responses: { 200: jsonResponse("Password changed", Message), ...errorResponses(400, 415) },
    }),
    async (c) => c.json(await resetPassword(c.var.services, c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/password-strength",
      tags,
      summary: "How guessable a new password is (0-4) and whether it would be accepted; no session needed, counted per client address",
      request: jsonBody(PasswordStrengthInput.openapi("PasswordStrengthInput")),
      responses: { 200: jsonResponse("The strength", PasswordStrength), ...errorResponses(400, 415, 429) },
    }),
    async (c) =>
      c.json(
        await ratePasswordStrength(c.var.services, await optionalCaller(c), c.req.valid("json"), { clientAddress: clientAddressOf(c.req.raw.headers) }),
        200,
      ),
  );
