import { createRoute } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { clientAddressOf } from "../services/auth/client-address";
import { requestPasswordReset } from "../services/auth/request-password-reset";
import { resetPassword } from "../services/auth/reset-password";
import { ForgotPasswordInput, ResetPasswordInput } from "../services/auth/schemas";
import { errorResponses, jsonBody, jsonResponse, Message } from "./auth-http";

/** Forgot password (spec 2.2, 5, 8) and setting the new password from the e-mailed link. */
const tags = ["Auth"];

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
  );
