import { createContext, type MiddlewareFunction } from "react-router";
import type { Caller } from "../../api/services/core/caller";
import { verifyAccessToken } from "../../api/services/auth/access-token";
import {
  clearSessionCookieHeaders,
  readSessionCookies,
  sessionCookieHeaders,
  sessionScopeOf,
  setsSessionCookie,
} from "../../api/services/auth/cookies";
import { callerFor, loadSessionUser } from "../../api/services/auth/load-session-user";
import { RefreshRaced, refreshSession } from "../../api/services/auth/refresh-session";
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
  const cookies = readSessionCookies(request.headers.get("cookie"), services.config);
  let caller = cookies.accessToken ? await verifyAccessToken(services, cookies.accessToken) : null;
  let user = caller ? await loadSessionUser(services, caller.userId) : null;
  let setCookies: string[] = [];

  if (!user && cookies.refreshToken) {
    try {
      const tokens = await refreshSession(services, { refreshToken: cookies.refreshToken });
      caller = await verifyAccessToken(services, tokens.accessToken);
      user = tokens.user;
      setCookies = sessionCookieHeaders(services.config, tokens, sessionScopeOf(request.headers.get("cookie"), services.config));
    } catch (error) {
      // A concurrent request of this browser rotated the cookie a moment ago: the session
      // is open and the sibling response carries the new cookies, so serve this request
      // as that user and leave the cookies alone.
      if (error instanceof RefreshRaced) {
        user = await loadSessionUser(services, error.userId);
        caller = user ? { ...callerFor(user), sessionId: error.sessionId } : null;
      } else {
        caller = null;
        setCookies = clearSessionCookieHeaders(services.config, sessionScopeOf(request.headers.get("cookie"), services.config));
      }
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
  if (setCookies.length > 0 && !setsSessionCookie(response.headers.getSetCookie(), services.config)) {
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
    // The renewed tokens ride on this response: no cache may keep it.
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
};

