import { createRoute, z } from "@hono/zod-openapi";
import { pickLanguage } from "../../locales/languages";
import { newRouter } from "../env";
import { Unauthorized } from "../services/core/errors";
import { callerOf, requireAuth } from "../middleware/auth";
import { clientAddressOf } from "../services/auth/client-address";
import { loadSessionUser } from "../services/auth/load-session-user";
import { login } from "../services/auth/login";
import { logout } from "../services/auth/logout";
import { refreshSession } from "../services/auth/refresh-session";
import { register } from "../services/auth/register";
import { LoginInput, RefreshInput, RegisterInput } from "../services/auth/schemas";
import { deviceOf } from "../services/auth/sessions";
import { switchUserType } from "../services/auth/switch-user-type";
import { listBusinessModules } from "../services/modules/list-modules";
import {
  BusinessModule,
  clearSessionCookies,
  errorResponses,
  jsonBody,
  jsonResponse,
  Message,
  MfaChallenge,
  optionalCaller,
  refreshTokenOf,
  Session,
  SessionUser,
  setSessionCookies,
} from "./auth-http";

/** Password sign-up and sign-in, session refresh and sign-out, the current user. */
const tags = ["Auth"];
const secured = [{ bearer: [] }];

export const authSessionRoutes = newRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/register",
      tags,
      summary: "Create a Student or Teacher account in this deployment's business and sign in",
      request: jsonBody(RegisterInput.openapi("RegisterInput")),
      responses: { 201: jsonResponse("Registered and signed in", Session), ...errorResponses(400, 409, 415, 429) },
    }),
    async (c) => {
      const session = await register(c.var.services, c.req.valid("json"), {
        clientAddress: clientAddressOf(c.req.raw.headers),
        language: pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null),
        ...deviceOf(c.req.raw.headers),
      });
      setSessionCookies(c, session);
      return c.json(session, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/login",
      tags,
      summary: "Sign in with e-mail and password (with two-step sign-in on: a challenge for POST /login/mfa instead of a session)",
      request: jsonBody(LoginInput.openapi("LoginInput")),
      responses: {
        200: jsonResponse("Signed in, or the password was right and a code is needed", z.union([Session, MfaChallenge])),
        ...errorResponses(400, 401, 415, 429),
      },
    }),
    async (c) => {
      const result = await login(c.var.services, c.req.valid("json"), {
        clientAddress: clientAddressOf(c.req.raw.headers),
        ...deviceOf(c.req.raw.headers),
      });
      if ("mfaRequired" in result) return c.json(result, 200);
      setSessionCookies(c, result);
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/refresh",
      tags,
      summary: "Rotate the refresh token (body or cookie) for a new session",
      request: jsonBody(RefreshInput.openapi("RefreshInput"), false),
      responses: { 200: jsonResponse("New session; the presented token is spent", Session), ...errorResponses(400, 401, 415) },
    }),
    async (c) => {
      try {
        const session = await refreshSession(c.var.services, { refreshToken: refreshTokenOf(c, c.req.valid("json").refreshToken) });
        setSessionCookies(c, session);
        return c.json(session, 200);
      } catch (error) {
        // A dead session's cookies are useless; drop them so the browser stops sending them.
        if (error instanceof Unauthorized) clearSessionCookies(c);
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/logout",
      tags,
      summary: "End the session of the refresh token (body or cookie) and of the access token, and clear the session cookies",
      request: jsonBody(RefreshInput, false),
      responses: { 200: jsonResponse("Signed out (also when the token was unknown)", Message), ...errorResponses(400, 415) },
    }),
    async (c) => {
      await logout(c.var.services, { refreshToken: refreshTokenOf(c, c.req.valid("json").refreshToken) }, await optionalCaller(c));
      clearSessionCookies(c);
      return c.json({ message: "Logged out" }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/me",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "The signed-in user and the modules of their business",
      responses: {
        200: jsonResponse("Current user", z.object({ user: SessionUser, modules: z.array(BusinessModule) }).openapi("Me")),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const caller = callerOf(c);
      const user = await loadSessionUser(c.var.services, caller.userId);
      if (!user || user.current_business !== caller.businessId) throw new Unauthorized();
      return c.json({ user, modules: await listBusinessModules(c.var.services, caller) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/switch_user_type",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "Switch between Student and Teacher (spec 4)",
      responses: {
        200: jsonResponse(
          "Switched; a new session for the new user type",
          Session.extend({ redirectTo: z.enum(["/student/quizPool", "/teacher/quizPool"]) }).openapi("SwitchUserType"),
        ),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      // The verb ends the old session; its new tokens replace the browser's.
      const result = await switchUserType(c.var.services, callerOf(c), deviceOf(c.req.raw.headers));
      setSessionCookies(c, result);
      return c.json(result, 200);
    },
  );
