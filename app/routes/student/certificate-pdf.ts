import { downloadCertificate } from "../../../api/services/certificates/download-certificate";
import { ZodError } from "zod";
import { AppError, TooManyRequests } from "../../../api/services/core/errors";
import { certificateTranslator } from "../../../api/services/certificates/certificate-language";
import { CERTIFICATE_MESSAGES } from "../../../api/services/certificates/schemas";
import { servicesContext } from "../../context";
import { pickLanguage } from "../../i18n/languages";
import { callerOf, requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/certificate-pdf";

/**
 * The dialog's Download link: the PDF, by the same verb as GET /api/takenQuiz/{id}/certificate.
 * A page address rather than the API's, so that the session is renewed here as for any page
 * (app/middleware/session.server.ts) even when the dialog stayed open longer than an access
 * token lives. In the language the pages are shown in (the lang cookie, else the browser's).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
  try {
    const file = await downloadCertificate(context.get(servicesContext), callerOf(context, request), { takenQuizId: Number(params.id) }, { language });
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        // Personal data: kept by no shared cache.
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof ZodError || (error instanceof AppError && (error.status === 400 || error.status === 404))) {
      // The spec's words for a certificate without a finished attempt of one's own.
      return new Response(CERTIFICATE_MESSAGES.notEnoughInformation, {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    if (error instanceof TooManyRequests) {
      // The per-student limit or the busy gate (docs/decisions/0032), said in the page's language.
      const minutes = String(Math.max(1, Math.ceil(error.retryAfterSeconds / 60)));
      const key = error.code === "SERVER_BUSY" ? "certificate.busy" : "certificate.tooMany";
      return new Response(certificateTranslator(language)(key, { minutes }), {
        status: 429,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(error.retryAfterSeconds) },
      });
    }
    throw error;
  }
}
