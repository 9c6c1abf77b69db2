/**
 * Where signing in (or up) goes back to (ADR 0075, "The join link"): a class's join link opened
 * while signed out goes to the login page with `?returnTo=` its address, and the login and
 * registration pages send the new session there instead of the home page. Only pages of this
 * app are ever returned to: the value comes from the address bar, so anyone can craft it, and a
 * login page that forwards to another site after a real sign-in is a phishing tool.
 */
export const RETURN_PARAM = "returnTo";

/** The basename every page lives under (spec 2). */
const BASENAME = "/quiz";

/**
 * Pages worth coming back to after signing in: links handed to people who may not be signed in
 * yet. Others keep the plain login address (a session that ended anywhere lands on home).
 */
const RETURNED_TO = [/^\/quiz\/student\/join\/[A-Za-z0-9]{1,40}$/];

/**
 * Pages returned to with their query: LTI Dynamic Registration's confirmation (ADR 0088), whose
 * query is the LMS's openid_configuration and registration_token, opened by an owner who may not
 * be signed in yet.
 */
const RETURNED_TO_WITH_QUERY = [/^\/quiz\/admin\/lti\/register$/];

/** The `returnTo` for a signed-out page load of `url`, or null when that page is not returned to. */
export function returnToOf(url: URL): string | null {
  if (RETURNED_TO_WITH_QUERY.some((pattern) => pattern.test(url.pathname))) return `${url.pathname}${url.search}`;
  return RETURNED_TO.some((pattern) => pattern.test(url.pathname)) ? url.pathname : null;
}

/**
 * The in-app path (without the basename, as redirects and links take it) that a `returnTo` value
 * names, or null unless it is a page of this app: a path under /quiz/ on this origin. Refused:
 * absolute URLs, scheme-relative ones (`//evil.example`), backslashes (browsers read `/\` as
 * `//`), control characters, and paths that leave /quiz/ once `..` is resolved.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith(`${BASENAME}/`)) return null;
  if (value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const base = "http://app.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !url.pathname.startsWith(`${BASENAME}/`)) return null;
  return `${url.pathname.slice(BASENAME.length)}${url.search}`;
}

/** `path` with the `returnTo` carried on (the links between the login and registration pages). */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}` : path;
}

/** The safe `returnTo` of a request's address (the login and registration pages' own). */
export function returnToParam(url: URL): string | null {
  const value = url.searchParams.get(RETURN_PARAM);
  return safeReturnPath(value) === null ? null : value;
}
