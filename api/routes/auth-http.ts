import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { ApiEnv } from "../env";
import type { Caller } from "../services/core/caller";
import { readAccessToken } from "../middleware/auth";
import { verifyAccessToken } from "../services/auth/access-token";
import { clearSessionCookieHeaders, sessionCookieHeaders, sessionCookieNames, sessionScopeOf } from "../services/auth/cookies";
import type { SessionTokens } from "../services/auth/types";

/** OpenAPI shapes and small HTTP helpers shared by the auth route files. */

// The shapes every resource shares live in openapi-shapes.ts; re-exported for the auth files.
export { ErrorEnvelope, Message, errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

export const SessionUser = z
  .object({
    id: z.number().int(),
    userid: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    mfaEnabled: z.boolean(),
    pic: z.string().nullable(),
    userType: z.enum(["Student", "Teacher", "Admin"]),
    role_level: z.number().int(),
    teacherRequest: z.enum(["pending", "refused"]).nullable().openapi({ description: "A self-registered Teacher's request awaiting (or refused by) the owner; the account is a Student meanwhile" }),
    profile: z.number().int(),
    isOwner: z.boolean().openapi({ description: "The business owner (profile 2)" }),
    current_business: z.number().int(),
    business_name: z.string(),
    department_name: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    canSwitchUserType: z.boolean(),
    canSwitchLanguage: z.boolean(),
    schoolTimeZone: z.string().nullable().openapi({ description: "The school's time zone (IANA name, ADR 0082), in which dates are shown; null until the owner chooses one" }),
  })
  .openapi("SessionUser");

export const Session = z
  .object({ accessToken: z.string(), refreshToken: z.string(), user: SessionUser })
  .openapi("Session");

/** A password sign-in that needs its second step (POST /api/auth/login/mfa). */
export const MfaChallenge = z
  .object({ mfaRequired: z.literal(true), mfaToken: z.string() })
  .openapi("MfaChallenge");

export const BusinessModule = z
  .object({ module_id: z.string(), url: z.string(), identifier: z.string(), name: z.string() })
  .openapi("BusinessModule");

/** Login-type answers also start the browser session (httpOnly cookies, decisions: identity). */
export function setSessionCookies(c: Context<ApiEnv>, tokens: SessionTokens): void {
  // A session inside an LMS's frame keeps its cross-site cookie attributes when it rotates.
  const scope = sessionScopeOf(c.req.header("cookie"), c.var.services.config);
  for (const cookie of sessionCookieHeaders(c.var.services.config, tokens, scope)) c.header("Set-Cookie", cookie, { append: true });
}

export function clearSessionCookies(c: Context<ApiEnv>): void {
  for (const cookie of clearSessionCookieHeaders(c.var.services.config, sessionScopeOf(c.req.header("cookie"), c.var.services.config))) c.header("Set-Cookie", cookie, { append: true });
}

/** The refresh token from the body (API clients) or the httpOnly cookie (the browser). */
export function refreshTokenOf(c: Context<ApiEnv>, fromBody: string | undefined): string | undefined {
  return fromBody ?? getCookie(c, sessionCookieNames(c.var.services.config).refresh) ?? undefined;
}

/** The caller when the request carries a valid access token, else null (routes open to both). */
export async function optionalCaller(c: Context<ApiEnv>): Promise<Caller | null> {
  const token = readAccessToken(c.req.header("authorization"), getCookie(c, sessionCookieNames(c.var.services.config).access));
  return token ? verifyAccessToken(c.var.services, token) : null;
}
