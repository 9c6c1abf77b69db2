import de from "../../../../locales/de/lti.json" with { type: "json" };
import en from "../../../../locales/en/lti.json" with { type: "json" };
import es from "../../../../locales/es/lti.json" with { type: "json" };
import fr from "../../../../locales/fr/lti.json" with { type: "json" };
import ja from "../../../../locales/ja/lti.json" with { type: "json" };
import zh from "../../../../locales/zh/lti.json" with { type: "json" };
import type { Language } from "../../../../locales/languages";
import { escapeHtml } from "../../escape-html";
import { serverTranslators } from "../../i18n/server-translators";
import type { LtiRefusalCode } from "./refusals";
import type { LoginState } from "./state";

/**
 * The pages the launch answers with itself, inside the LMS's frame: a refusal (its code's
 * words in the reader's language, locales/<lang>/lti.json `launch.*`) and the new-window
 * fallback. Plain HTML with no script: nothing here needs one, and the policy says so.
 */
const translator = serverTranslators("lti", { en, de, es, fr, ja, zh });

/** No script, no form target but our login, framed only by the origins given ('none' without). */
export function ltiPageSecurityPolicy(frameAncestors: readonly string[]): string {
  const ancestors = frameAncestors.length ? frameAncestors.join(" ") : "'none'";
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`;
}

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2933;background:#f7f9fb}main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:1.5rem}h1{font-size:1.25rem;margin-top:0}p{line-height:1.5}.button{display:inline-block;background:#1d4ed8;color:#fff;padding:.6rem 1.1rem;border-radius:6px;text-decoration:none;font-weight:600}.hint{color:#52606d;font-size:.9rem}</style>
</head><body><main>${body}</main></body></html>`;
}

export function refusalPage(language: Language, code: LtiRefusalCode): string {
  const t = translator(language);
  const title = t("launch.refusedTitle");
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p data-code="${code}">${escapeHtml(t(`launch.refused.${code}`))}</p><p class="hint">${escapeHtml(t("launch.refusedHint", { code }))}</p>`,
  );
}

/** The login again, with the first one's parameters, to be opened at top level where cookies are first-party. */
export function topLevelLoginUrl(toolOrigin: string, login: LoginState): string {
  const url = new URL(`${toolOrigin}/api/lti/login`);
  const params: Record<string, string | undefined> = {
    iss: login.iss,
    login_hint: login.loginHint,
    target_link_uri: login.targetLinkUri,
    lti_message_hint: login.ltiMessageHint,
    client_id: login.clientId,
    lti_deployment_id: login.deploymentId,
  };
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The browser refused the state cookie inside the frame (Safari, or Chrome with third-party
 * cookies off): nothing is signed in; the button opens the same login in a new window, at
 * top level, where it completes (LMSs expect exactly this).
 */
export function newWindowPage(language: Language, loginUrl: string): string {
  const t = translator(language);
  const title = t("launch.newWindowTitle");
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(t("launch.newWindowText"))}</p><p><a class="button" href="${escapeHtml(loginUrl)}" target="_blank" rel="noopener">${escapeHtml(t("launch.newWindowButton"))}</a></p>`,
  );
}
