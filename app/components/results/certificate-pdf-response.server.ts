import type { RouterContextProvider } from "react-router";
import { certificateTranslator } from "../../../api/services/certificates/certificate-language";
import { downloadCertificate } from "../../../api/services/certificates/download-certificate";
import { CERTIFICATE_MESSAGES } from "../../../api/services/certificates/schemas";
import { TooManyRequests } from "../../../api/services/core/errors";
import { servicesContext } from "../../context";
import { pickLanguage } from "../../i18n/languages";
import { callerOf } from "../../utils/guards.server";
import { statsTranslator } from "../stats/stats-language";
import { certificateRefusal } from "./certificate-refusal.server";

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/**
 * A certificate dialog's Download link (the student's and the teacher's): the PDF, by the
 * same verb as GET /api/takenQuiz/{id}/certificate. A page address rather than the API's, so
 * that the session is renewed here as for any page (app/middleware/session.server.ts) even
 * when the dialog stayed open longer than an access token lives. In the language the pages
 * are shown in (the lang cookie, else the browser's). The caller's guard runs first.
 */
export async function certificatePdfResponse(context: Readonly<RouterContextProvider>, request: Request, takenQuizId: string | undefined): Promise<Response> {
  const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
  try {
    const file = await downloadCertificate(context.get(servicesContext), callerOf(context, request), { takenQuizId: Number(takenQuizId) }, { language });
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        // Personal data: kept by no shared cache.
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    const refusal = certificateRefusal(error);
    // The spec's words for a certificate without a finished attempt one may have.
    if (refusal === "unavailable") return text(CERTIFICATE_MESSAGES.notEnoughInformation, 404);
    if (refusal === "revoked") return text(statsTranslator(language)("revoked.pdf"), 410);
    if (error instanceof TooManyRequests) {
      // The per-user limit or the busy gate (docs/decisions/0032), said in the page's language.
      const minutes = String(Math.max(1, Math.ceil(error.retryAfterSeconds / 60)));
      const key = error.code === "SERVER_BUSY" ? "certificate.busy" : "certificate.tooMany";
      return text(certificateTranslator(language)(key, { minutes }), 429, { "Retry-After": String(error.retryAfterSeconds) });
    }
    throw error;
  }
}
