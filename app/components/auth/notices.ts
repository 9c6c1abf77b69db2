/**
 * One-shot success messages carried to the login page in its query string (`?notice=…`),
 * so they survive a redirect without a session store and work without JavaScript. Only
 * these names are shown; anything else in the URL is ignored (no reflected text).
 */
export const NOTICES = ["reset-link-sent", "password-changed", "signed-out"] as const;
export type Notice = (typeof NOTICES)[number];

export const NOTICE_PARAM = "notice";

export function readNotice(search: URLSearchParams): Notice | null {
  const value = search.get(NOTICE_PARAM);
  return NOTICES.find((notice) => notice === value) ?? null;
}

/** auth.json key of a notice's text. */
export function noticeKey(notice: Notice): string {
  return `notices.${notice.replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase())}`;
}

export function withNotice(path: string, notice: Notice): string {
  return `${path}${path.includes("?") ? "&" : "?"}${NOTICE_PARAM}=${notice}`;
}
