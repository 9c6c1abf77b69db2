import { createContext, type MiddlewareFunction } from "react-router";
import type { Caller } from "../../api/env";
import { verifyAccessToken } from "../../api/services/auth/access-token";
import { ACCESS_COOKIE } from "../../api/middleware/auth";
import {
  clearSessionCookieHeaders,
  readSessionCookies,
  REFRESH_COOKIE,
  sessionCookieHeaders,
} from "../../api/services/auth/cookies";
import { loadSessionUser } from "../../api/services/auth/load-session-user";
import { refreshSession } from "../../api/services/auth/refresh-session";
import type { SessionUser } from "../../api/services/auth/types";
import { servicesContext } from "../context";

export interface SessionState {
  user: SessionUser | null;
  caller: Caller | null;
  /** The request carried session cookies, i.e. somebody was signed in (for 'Session expired'). */
  hadSession: boolean;
}

export const sessionContext = createContext<SessionState>({ user: null, caller: null, hadSession: false });

/**
 * Reads the browser session from its httpOnly cookies for every UI request. An expired
 * access token is renewed from the refresh cookie here, once, so loaders never deal with
 * token lifetimes; the rotated cookies are added to whatever response the route produced.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const cookies = readSessionCookies(request.headers.get("cookie"));
  let caller = cookies.accessToken ? await verifyAccessToken(services, cookies.accessToken) : null;
  let user = caller ? await loadSessionUser(services, caller.userId) : null;
  let setCookies: string[] = [];

  if (!user && cookies.refreshToken) {
    try {
      const tokens = await refreshSession(services, { refreshToken: cookies.refreshToken });
      caller = await verifyAccessToken(services, tokens.accessToken);
      user = tokens.user;
      setCookies = sessionCookieHeaders(services.config, tokens);
    } catch {
      caller = null;
      setCookies = clearSessionCookieHeaders(services.config);
    }
  }

  context.set(sessionContext, {
    user,
    caller: user ? caller : null,
    hadSession: Boolean(cookies.accessToken || cookies.refreshToken),
  });
  const response = await next();
  // A route that set the session itself (sign-in, logout, role switch) has the last word;
  // the renewed cookies from above would otherwise override it.
  if (!setsSessionCookie(response)) {
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

function setsSessionCookie(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((cookie) => cookie.startsWith(`${ACCESS_COOKIE}=`) || cookie.startsWith(`${REFRESH_COOKIE}=`));
}
