import { Hono, type Context } from "hono";
import type { ApiEnv } from "../env";
import { limitBody } from "../middleware/body-limit";
import { clientAddressOf, addressThrottleKey } from "../services/auth/client-address";
import { sessionCookieHeaders } from "../services/auth/cookies";
import { issueSession } from "../services/auth/issue-session";
import { deviceOf } from "../services/auth/sessions";
import { rateLimit } from "../services/auth/rate-limit";
import { TooManyRequests } from "../services/core/errors";
import { pickLanguage } from "../../locales/languages";
import { frameCookieHeader, platformOrigins } from "../services/lti/launch/frame-cookies";
import { launch, type StartDeepLinking } from "../services/lti/launch/launch";
import { ltiPageSecurityPolicy, newWindowPage, refusalPage, topLevelLoginUrl } from "../services/lti/launch/launch-pages";
import { loginRequestOf, startLogin } from "../services/lti/launch/login";
import { platformOfLogin } from "../services/lti/launch/platforms";
import { LtiRefused } from "../services/lti/launch/refusals";
import { clearStateCookieHeader, readState } from "../services/lti/launch/state";

/**
 * LTI 1.3 login and launch (decisions.md "LTI 1.3"; issue 29 point 2; ADR 0087):
 * `GET|POST /api/lti/login` (third-party initiated login) and `POST /api/lti/launch` (the
 * id_token form post). Both are cross-site by nature (the LMS's page posts them), so they are
 * mounted before the API's cross-site write refusal: their own proof is the state bound to
 * the browser and the platform's signature. They answer HTML (a redirect, a refusal page, the
 * new-window page), never the JSON envelope, and never a 5xx for what a platform sent.
 */

/** A launch form is an id_token (a few KB) and a state: 64 KB is generous. */
export const LTI_FORM_MAX_BYTES = 64 * 1024;
/** Launches per client address: a class behind one school address opening a quiz together passes. */
export const LAUNCHES_PER_ADDRESS = { limit: 300, windowMs: 5 * 60 * 1000 };

type LtiContext = Context<ApiEnv>;

/** Our own origin as the browser sees it: APP_URL's when the request came to its host, else the request's (a second host name). */
function toolOrigin(c: LtiContext): string {
  const configured = new URL(c.var.services.config.appUrl);
  const requested = new URL(c.req.url);
  return configured.host === requested.host ? configured.origin : requested.origin;
}

function html(c: LtiContext, body: string, status: number, frameAncestors: readonly string[]) {
  c.header("Content-Security-Policy", ltiPageSecurityPolicy(frameAncestors));
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.body(body, status as 400, { "content-type": "text/html; charset=utf-8" });
}

function refusal(c: LtiContext, error: LtiRefused, frameAncestors: readonly string[]) {
  const language = pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
  console.warn(`LTI refused: ${error.message}`);
  return html(c, refusalPage(language, error.code), error.status, frameAncestors);
}

/** Origins that may frame a refusal: the platform the request names, when it is registered. */
async function framersOf(c: LtiContext, iss: string | undefined, clientId: string | undefined): Promise<string[]> {
  if (!iss) return [];
  try {
    return platformOrigins(await platformOfLogin(c.var.services, iss, clientId));
  } catch {
    return [];
  }
}

/** For a refused launch: the platform its state names, when the state is ours. */
async function framersOfState(c: LtiContext, state: string | undefined): Promise<string[]> {
  if (!state) return [];
  try {
    const login = await readState(c.var.services.config, state, c.var.services.now());
    return await framersOf(c, login.iss, login.clientId);
  } catch {
    return [];
  }
}

async function limitLaunches(c: LtiContext): Promise<void> {
  const key = `lti-launch:${addressThrottleKey(clientAddressOf(c.req.raw.headers))}`;
  try {
    await rateLimit(c.var.services, [{ key, ...LAUNCHES_PER_ADDRESS }], (seconds) => new TooManyRequests("LTI_RATE_LIMITED", seconds));
  } catch (error) {
    if (error instanceof TooManyRequests) throw new LtiRefused("LTI_RATE_LIMITED");
    throw error;
  }
}

async function readParams(c: LtiContext): Promise<Record<string, string | undefined>> {
  const query = c.req.query();
  if (c.req.method !== "POST") return query;
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return query;
  try {
    const form = await c.req.parseBody();
    const fields: Record<string, string | undefined> = { ...query };
    for (const [name, value] of Object.entries(form)) if (typeof value === "string") fields[name] = value;
    return fields;
  } catch {
    throw new LtiRefused("LTI_BAD_REQUEST", "unreadable form");
  }
}

const tooLarge = (c: Context) => html(c as LtiContext, refusalPage(pickLanguage(null, c.req.header("accept-language") ?? null), "LTI_BAD_REQUEST"), 413, []);

/**
 * The routes, given deep linking's entry (ltireg's `startDeepLinking`); null answers a
 * deep-linking request with a clear refusal until it is wired.
 */
export function createLtiLaunchRoutes(startDeepLinking: StartDeepLinking | null) {
  const routes = new Hono<ApiEnv>();
  // Only the login and the launch: mounted at /lti, a "*" here would also run before every other
  // /lti/* route (the owner's JSON verbs) and answer their large bodies with this HTML page.
  for (const path of ["/login", "/launch"]) routes.use(path, limitBody(LTI_FORM_MAX_BYTES, tooLarge));

  const login = async (c: LtiContext) => {
    let params: Record<string, string | undefined> = {};
    try {
      params = await readParams(c);
      await limitLaunches(c);
      const answer = await startLogin(c.var.services, loginRequestOf(params), toolOrigin(c));
      c.header("Set-Cookie", answer.setCookie, { append: true });
      c.header("Cache-Control", "no-store");
      return c.redirect(answer.redirectTo, 302);
    } catch (error) {
      if (!(error instanceof LtiRefused)) throw error;
      return refusal(c, error, await framersOf(c, params.iss, params.client_id));
    }
  };
  routes.get("/login", login);
  routes.post("/login", login);

  routes.post("/launch", async (c) => {
    let framers: string[] = [];
    let params: Record<string, string | undefined> = {};
    try {
      params = await readParams(c);
      await limitLaunches(c);
      const services = c.var.services;
      const answer = await launch(services, { idToken: params.id_token, state: params.state, cookieHeader: c.req.header("cookie") }, startDeepLinking);
      if (answer.kind === "cookiesBlocked") {
        framers = await framersOf(c, answer.login.iss, answer.login.clientId);
        const language = pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
        return html(c, newWindowPage(language, topLevelLoginUrl(toolOrigin(c), answer.login)), 401, framers);
      }
      framers = platformOrigins(answer.platform);
      const tokens = await issueSession(services, answer.userId, deviceOf(c.req.raw.headers));
      for (const cookie of sessionCookieHeaders(services.config, tokens, { framed: true })) c.header("Set-Cookie", cookie, { append: true });
      c.header("Set-Cookie", frameCookieHeader(services.config, framers), { append: true });
      c.header("Set-Cookie", await clearStateCookieHeader(services.config, answer.state), { append: true });
      c.header("Cache-Control", "no-store");
      return c.redirect(answer.redirectTo, 302);
    } catch (error) {
      if (!(error instanceof LtiRefused)) throw error;
      return refusal(c, error, framers.length ? framers : await framersOfState(c, params.state));
    }
  });
  return routes;
}
