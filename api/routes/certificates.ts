import { CERTIFICATE_KINDS } from "../../db/schema/exam-extras";
import { createRoute, z } from "@hono/zod-openapi";
import { pickLanguage } from "../../locales/languages";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { clientAddressOf } from "../services/auth/client-address";
import { downloadCertificate } from "../services/certificates/download-certificate";
import { CertificateCodeParam, TakenQuizIdParam } from "../services/certificates/schemas";
import { verifyCertificate } from "../services/certificates/verify-certificate";
import { errorResponses, jsonResponse } from "./openapi-shapes";

/**
 * Certificates (decisions.md "Certificates", docs/decisions/0026-certificates.md): the
 * student's PDF of a finished attempt, and the public check of its verification code.
 */
const tags = ["Certificates"];

const Verification = z
  .object({
    data: z.object({
      valid: z.literal(true),
      studentName: z.string(),
      quizName: z.string(),
      percentage: z.number(),
      issuedAt: z.number().int().openapi({ description: "Epoch ms: the certificate's first download" }),
      completedAt: z.number().int().openapi({ description: "Epoch ms: when the attempt was graded" }),
      issuer: z.string().openapi({ description: "The school that issued it" }),
      kind: z.enum(CERTIFICATE_KINDS).openapi({ description: "What it certifies (ADR 0076): Achievement (the result reached the quiz's pass mark) or Completion" }),
    }),
  })
  .openapi("CertificateVerification");

const downloadRoute = createRoute({
  method: "get",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/{takenQuizId}/certificate",
  summary:
    "The certificate of a finished attempt as a PDF (in the language of the lang cookie, else Accept-Language), for the student who took it and for the quiz's teacher and the owner (the same PDF). The first download issues its verification code; later ones give the same. 404 for any other attempt (another student's, another business's, unknown) and for one still running; 410 CERTIFICATE_REVOKED while the result is Rejected; 409 AWAITING_MARKING while an essay awaits a grader; 409 CERTIFICATE_BELOW_PASS_MARK below the quiz's pass mark unless the owner issues certificates of completion there (ADR 0076)",
  request: { params: TakenQuizIdParam },
  responses: {
    200: { description: "The certificate", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
    ...errorResponses(400, 401, 404, 409, 410, 429),
  },
});

const verifyRoute = createRoute({
  method: "get",
  tags,
  path: "/certificates/{code}",
  summary:
    "Public (no sign-in): whether a certificate's verification code is genuine, and what it attests. 404 for any other code; 410 CERTIFICATE_REVOKED when its result was set to Rejected (not valid while it stays so). Limited per client address",
  request: { params: CertificateCodeParam },
  responses: { 200: jsonResponse("A genuine certificate", Verification), ...errorResponses(404, 410, 429) },
});

export const certificateRoutes = newRouter()
  .openapi(downloadRoute, async (c) => {
    const language = pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    const file = await downloadCertificate(c.var.services, callerOf(c), { takenQuizId: Number(c.req.valid("param").takenQuizId) }, { language });
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      // Personal data: kept by no shared cache.
      "cache-control": "private, no-store",
    });
  })
  .openapi(verifyRoute, async (c) => {
    const data = await verifyCertificate(c.var.services, { code: c.req.valid("param").code }, { clientAddress: clientAddressOf(c.req.raw.headers) });
    // Names on a public URL: not for search engines.
    c.header("X-Robots-Tag", "noindex");
    c.header("cache-control", "no-store");
    return c.json({ data }, 200);
  });
