import de from "../../../../locales/de/lti.json" with { type: "json" };
import en from "../../../../locales/en/lti.json" with { type: "json" };
import es from "../../../../locales/es/lti.json" with { type: "json" };
import fr from "../../../../locales/fr/lti.json" with { type: "json" };
import ja from "../../../../locales/ja/lti.json" with { type: "json" };
import zh from "../../../../locales/zh/lti.json" with { type: "json" };
import type { Language } from "../../../../locales/languages";
import { escapeHtml } from "../../escape-html";
import { serverTranslators } from "../../i18n/server-translators";

const translator = serverTranslators("lti", { en, de, es, fr, ja, zh });

/**
 * The page that posts the signed LtiDeepLinkingResponse to the platform (Deep Linking 2.0 §4.2:
 * an auto-submitted form with the field JWT). Its own policy: only its one nonce script runs, the
 * form may go to the platform's return URL only, only the platform may frame it, nothing is kept.
 * Without scripts, the button sends the same form.
 */
export function autoPostPage(input: { returnUrl: string; jwt: string; platformIssuer: string; language: Language }): Response {
  const t = translator(input.language);
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const returnOrigin = new URL(input.returnUrl).origin;
  const framers = [...new Set([returnOrigin, new URL(input.platformIssuer).origin])].join(" ");
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t("codes.LTI_DEEP_LINK_SENT"))}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem;">
<form id="deep-link-response" method="post" action="${escapeHtml(input.returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(input.jwt)}">
<p role="status">${escapeHtml(t("codes.LTI_DEEP_LINK_SENT"))}</p>
<button type="submit">${escapeHtml(t("picker.continue"))}</button>
</form>
<script nonce="${nonce}">document.getElementById("deep-link-response").submit();</script>
</body></html>`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action ${returnOrigin}; frame-ancestors 'self' ${framers}; base-uri 'none'`,
      "referrer-policy": "no-referrer",
    },
  });
}
