import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { changePassword } from "../services/auth/change-password";
import { endOtherSessions, endSession } from "../services/auth/end-session";
import { listSessions } from "../services/auth/list-sessions";
import { ChangePasswordInput, SessionIdInput } from "../services/auth/schemas";
import { deviceOf } from "../services/auth/sessions";
import { clearSessionCookies, errorResponses, jsonBody, jsonResponse, Session, setSessionCookies } from "./auth-http";

/** The signed-in user's own credentials: password change and the sessions on their devices. */
const tags = ["Auth"];
const secured = [{ bearer: [] }];

const SessionSummary = z
  .object({
    id: z.string(),
    createdAt: z.number().int(),
    lastUsedAt: z.number().int(),
    expiresAt: z.number().int(),
    device: z.string(),
    current: z.boolean(),
  })
  .openapi("SessionSummary");

export const authAccountRoutes = newRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/change-password",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Change the password (current one required); ends every other session and key pair, and starts a new session here",
      request: jsonBody(ChangePasswordInput.openapi("ChangePasswordInput")),
      responses: {
        200: jsonResponse("Changed; the new session for this device", Session.extend({ message: z.string() }).openapi("PasswordChanged")),
        ...errorResponses(400, 401, 415, 429),
      },
    }),
    async (c) => {
      const result = await changePassword(c.var.services, callerOf(c), c.req.valid("json"), deviceOf(c.req.raw.headers));
      setSessionCookies(c, result);
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/sessions",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "The signed-in user's open sessions, most recently used first",
      responses: {
        200: jsonResponse("Sessions", z.object({ sessions: z.array(SessionSummary) }).openapi("Sessions")),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await listSessions(c.var.services, callerOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/sessions/{id}",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Sign out one of the user's own sessions (another user's id answers 404)",
      request: { params: SessionIdInput.openapi("SessionIdParams") },
      responses: {
        200: jsonResponse("Signed out", z.object({ message: z.string(), current: z.boolean() }).openapi("SessionEnded")),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const result = await endSession(c.var.services, callerOf(c), c.req.valid("param"));
      // Ending this very session is a sign-out: the browser's cookies go with it.
      if (result.current) clearSessionCookies(c);
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/sessions",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Sign out everywhere else: every other session and every key pair of the user",
      responses: {
        200: jsonResponse("Signed out elsewhere", z.object({ message: z.string(), ended: z.number().int() }).openapi("OtherSessionsEnded")),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await endOtherSessions(c.var.services, callerOf(c)), 200),
  );
