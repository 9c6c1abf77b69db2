import { useTranslation } from "react-i18next";
import { data, useLocation, useNavigate } from "react-router";
import { issueCertificate } from "../../../api/services/certificates/issue-certificate";
import { formatCertificateDate, formatPercentage } from "../../../api/services/certificates/format";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Dialog } from "../../components/ui/Dialog";
import { ZodError } from "zod";
import { AppError } from "../../../api/services/core/errors";
import { servicesContext } from "../../context";
import type { Language } from "../../i18n/languages";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/certificate-dialog";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { certificateRefusal } from "../../components/results/certificate-refusal.server";
import { useTimeZone } from "../../components/layout/use-time-zone";
import { CertificateKindNote, certificateDownloadKey } from "../../components/results/CertificateKindNote";

/**
 * Spec 2.4 /student/takenQuiz/{id}/download: the certificate dialog, over the taken list
 * (the spec's address) or over the result page (/takenQuiz/{id}/result/download, where the
 * result's Certificate link opens it). Opening it issues the certificate (the same verb as
 * the PDF: issue-certificate.ts), so the verification address can be shown before the
 * download. An attempt that is not finished or not the student's: 'Not enough information'.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  const messages = routeMessages(request, "stats", "results");
  try {
    const facts = await issueCertificate(context.get(servicesContext), callerOf(context, request), { takenQuizId: Number(params.id) });
    return {
      certificate: {
        takenQuizId: facts.takenQuizId,
        quizName: facts.quizName,
        percentage: facts.percentage,
        completedAt: facts.completedAt.getTime(),
        verifyUrl: facts.verifyUrl,
        kind: facts.kind,
      },
      messages,
    };
  } catch (error) {
    const refusal = certificateRefusal(error);
    if (refusal === "revoked") return { certificate: null, revoked: true, messages };
    // 'Not enough information' either way; an id that is not an attempt of the caller (another
    // business's is one: issue 25 point 11) answers 404, one still awaiting marking 200.
    if (refusal === "unavailable") return data({ certificate: null, messages }, { status: notTheCallers(error) ? 404 : 200 });
    throw loaderFailure(error);
  }
}

/** A refusal because the attempt is unknown to the caller (not a number, not theirs, another business's). */
function notTheCallers(error: unknown): boolean {
  return error instanceof ZodError || (error instanceof AppError && (error.status === 400 || error.status === 404));
}

export default function CertificateDialog({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation(["results", "stats", "common"]);
  const navigate = useNavigate();
  const location = useLocation();
  const { certificate } = loaderData;
  const revoked = "revoked" in loaderData && loaderData.revoked === true;
  // Closing returns to what the dialog opened over: the result page, or the list (with its search and paging).
  const overResult = location.pathname.endsWith("/result/download");
  const backPath = overResult ? location.pathname.replace(/\/download$/, "") : `/student/takenQuiz${location.search}`;
  const close = () => navigate(backPath);
  const language = i18n.language as Language;
  const timeZone = useTimeZone();
  return (
    <Dialog title={t("certificate.title")} isOpen onOpenChange={(open) => !open && close()} size="md">
      {certificate ? (
        <div className="certificate-dialog">
          <CertificateKindNote kind={certificate.kind} />
          <p>
            {t("certificate.summary", {
              quiz: certificate.quizName,
              percentage: formatPercentage(certificate.percentage, language),
              date: formatCertificateDate(new Date(certificate.completedAt), language, timeZone),
            })}
          </p>
          <p>{t("certificate.verifyIntro")}</p>
          <p className="certificate-dialog__url">
            <a href={certificate.verifyUrl} target="_blank" rel="noreferrer">
              {certificate.verifyUrl}
            </a>
          </p>
          <div className="shell-dialog-actions">
            <ButtonLink to={backPath} variant="secondary">
              {t("certificate.close")}
            </ButtonLink>
            {/* A real download (reloadDocument): the browser fetches the PDF itself, with or without JavaScript. */}
            <ButtonLink to={`/student/takenQuiz/${certificate.takenQuizId}/certificate.pdf`} reloadDocument download variant="primary">
              {t(certificateDownloadKey(certificate.kind))}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <div className="certificate-dialog">
          <Alert variant="warning" isDismissable={false} autoHideMs={null}>
            {revoked ? t("stats:revoked.student") : t("certificate.notEnoughInformation")}
          </Alert>
          <p>{revoked ? t("stats:revoked.studentDetail") : t("certificate.notEnoughDetail")}</p>
          <div className="shell-dialog-actions">
            <ButtonLink to={backPath} variant="primary">
              {t("certificate.close")}
            </ButtonLink>
          </div>
        </div>
      )}
    </Dialog>
  );
}
