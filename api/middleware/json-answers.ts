import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";

export const JSON_CONTENT_TYPE = "application/json; charset=UTF-8";
export const JSON_DISPOSITION = 'attachment; filename="api.json"';

/**
 * ASVS 14.4.1 and 14.4.2 for every JSON answer of the API: the charset is stated, so no
 * browser guesses one, and the answer is an attachment, so a JSON body opened directly in a
 * tab (a link in a phishing mail, say) is downloaded instead of being rendered as a page.
 * `fetch` ignores the disposition, so the UI and other modules read the answers as before.
 * File downloads keep their own type and disposition: only JSON answers are touched.
 */
export const declareJsonAnswers = createMiddleware<ApiEnv>(async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type");
  if (!type || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return;
  c.res.headers.set("content-type", type.includes("charset") ? type : JSON_CONTENT_TYPE);
  if (!c.res.headers.has("content-disposition")) c.res.headers.set("content-disposition", JSON_DISPOSITION);
});
