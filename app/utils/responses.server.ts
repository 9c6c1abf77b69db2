import { data, redirect } from "react-router";
import type { AppConfig } from "../../api/services/core/config";
import { AppError, serviceErrorOf } from "../../api/services/core/errors";
import { sessionCookieHeaders } from "../../api/services/auth/cookies";

/** A redirect that starts (or replaces) the browser session with the given tokens. */
export function redirectWithSession(config: AppConfig, tokens: { accessToken: string; refreshToken: string }, to: string) {
  // The redirect carries the tokens in its cookies: no cache may keep it.
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of sessionCookieHeaders(config, tokens)) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/**
 * Runs a service verb for a loader or action: a typed service error becomes a route error
 * response with its status and message (shown by the route's error boundary); anything
 * unexpected propagates as it is.
 */
export async function orRouteError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const serviceError = serviceErrorOf(error);
    if (serviceError instanceof AppError) throw data({ message: serviceError.message }, { status: serviceError.status });
    throw error;
  }
}
