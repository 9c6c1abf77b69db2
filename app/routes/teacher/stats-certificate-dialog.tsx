import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { formatCertificateDate, formatPercentage } from "../../../api/services/certificates/format";
import { issueCertificate } from "../../../api/services/certificates/issue-certificate";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { loadQuizStats } from "../../components/stats/load-quiz-stats.server";
import { QuizStatsView, type StatsLocationState } from "../../components/stats/QuizStatsView";
import { statsPaths } from "../../components/stats/stats-query";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Dialog } from "../../components/ui/Dialog";
import { servicesContext } from "../../context";
import type { Language } from "../../i18n/languages";
import { callerOf } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/stats-certificate-dialog";
import { useRouteMessages } from "../../i18n/route-messages";
import { certificateRefusal } from "../../components/results/certificate-refusal.server";
import { useTimeZone } from "../../components/layout/use-time-zone";
import { CertificateKindNote, certificateDownloadKey } from "../../components/results/CertificateKindNote";
import type { CertificateKind } from "../../../db/schema/exam-extras";

type CertificateState =
  | { kind: "ready"; takenQuizId: number; studentName: string; quizName: string; percentage: number; completedAt: number; verifyUrl: string; certifies: CertificateKind }
  | { kind: "revoked" }
  | { kind: "unavailable" };

/**
 * Spec 2.5 /teacher/quiz/{id}/{qId}/download: one student's certificate, over the quiz's
 * stats (not nested under viewStats in the spec's addresses, so this route shows the stats
 * page behind the dialog itself: ADR 0039). Opening it issues the certificate if the student
 * never has (the same verb as the PDF), so its verification address shows at once. An
 * attempt that is not finished, not of this quiz or not one the teacher may read: 'Not
 * enough information'; a rejected one: revoked.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const stats = await loadQuizStats(context, request, params.id);
  let certificate: CertificateState;
  try {
    const facts = await issueCertificate(context.get(servicesContext), callerOf(context, request), { takenQuizId: Number(params.qId) });
    certificate =
      facts.quizId === stats.quiz.id
        ? { kind: "ready", takenQuizId: facts.takenQuizId, studentName: facts.studentName, quizName: facts.quizName, percentage: facts.percentage, completedAt: facts.completedAt.getTime(), verifyUrl: facts.verifyUrl, certifies: facts.kind }
        : { kind: "unavailable" };
  } catch (error) {
    const refusal = certificateRefusal(error);
    if (!refusal) throw loaderFailure(error);
    certificate = { kind: refusal };
  }
  return { stats, certificate };
}

export default function StatsCertificateDialog({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.stats.messages);
  const { t, i18n } = useTranslation(["stats", "common"]);
  const navigate = useNavigate();
  const location = useLocation();
  const { qId } = useParams();
  const { stats, certificate } = loaderData;
  const language = i18n.language as Language;
  const timeZone = useTimeZone();
  // Closing returns to the stats as they were (search, sort, page), with the focus on the row's link.
  const back = `${statsPaths.page(stats.quiz.id)}${location.search}`;
  const state: StatsLocationState = { focusCertificateOf: Number(qId) };
  const close = () => navigate(back, { state, preventScrollReset: true });
  return (
    <>
      <QuizStatsView data={stats} live={false} />
      <Dialog title={t("dialog.title")} isOpen onOpenChange={(open) => !open && close()} size="md">
        <div className="certificate-dialog">
          {certificate.kind === "ready" ? (
            <>
              <CertificateKindNote kind={certificate.certifies} />
              <p>
                {t("dialog.summary", {
                  student: certificate.studentName,
                  quiz: certificate.quizName,
                  percentage: formatPercentage(certificate.percentage, language),
                  date: formatCertificateDate(new Date(certificate.completedAt), language, timeZone),
                })}
              </p>
              <p>{t("dialog.verifyIntro")}</p>
              <p className="certificate-dialog__url">
                <a href={certificate.verifyUrl} target="_blank" rel="noreferrer">
                  {certificate.verifyUrl}
                </a>
              </p>
            </>
          ) : (
            <>
              <Alert variant="warning" isDismissable={false} autoHideMs={null}>
                {certificate.kind === "revoked" ? t("dialog.revoked") : t("dialog.unavailable")}
              </Alert>
              <p>{certificate.kind === "revoked" ? t("dialog.revokedDetail") : t("dialog.unavailableDetail")}</p>
            </>
          )}
          <div className="shell-dialog-actions">
            <ButtonLink to={back} state={state} preventScrollReset variant={certificate.kind === "ready" ? "secondary" : "primary"}>
              {t("dialog.close")}
            </ButtonLink>
            {certificate.kind === "ready" && (
              // A real download (reloadDocument): the browser fetches the PDF itself, with or without JavaScript.
              <ButtonLink to={statsPaths.pdf(stats.quiz.id, certificate.takenQuizId)} reloadDocument download variant="primary">
                {t(certificateDownloadKey(certificate.certifies))}
              </ButtonLink>
            )}
          </div>
        </div>
      </Dialog>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
