import { useTranslation } from "react-i18next";
import { data, useLocation, useNavigate } from "react-router";
import { ZodError } from "zod";
import { AppError } from "../../../api/services/core/errors";
import { readBoardAttempt } from "../../../api/services/leader-board/read-board-attempt";
import { formatScore } from "../../components/board/LeaderBoardView";
import { minutesSeconds } from "../../components/exam/clock";
import { useDates } from "../../components/layout/use-dates";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Dialog } from "../../components/ui/Dialog";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { CertificateKindNote, certificateDownloadKey } from "../../components/results/CertificateKindNote";
import type { Route } from "./+types/board-download-dialog";

/**
 * Spec 2.7 /leaderBoard/{id}/download (and under /admin): a row's result and its certificate,
 * in a dialog over the board (the board's row actions are the owner's: readBoardAttempt
 * refuses anyone else, who sees 'Not enough information' like an unknown or running attempt).
 * The Download link is the student's certificate PDF address; the owner's right to that PDF
 * is the certificate rule's (the stats slice extends it to the quiz's teacher and the owner).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const caller = callerOf(context, request);
  try {
    return { row: await readBoardAttempt(context.get(servicesContext), caller, { takenQuizId: Number(params.id) }) };
  } catch (error) {
    // 'Not enough information' in the dialog, with the status the refusal has: 403 for a
    // caller who may not read board rows, 404 for an id that is not a finished attempt of
    // the caller's business (another business's is one: issue 25 point 11).
    if (error instanceof AppError && error.status === 403) return data({ row: null }, { status: 403 });
    if (error instanceof ZodError || (error instanceof AppError && [400, 404].includes(error.status))) return data({ row: null }, { status: 404 });
    throw loaderFailure(error);
  }
}

export default function BoardDownloadDialog({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["board", "common"]);
  const dates = useDates();
  const navigate = useNavigate();
  const location = useLocation();
  const { row } = loaderData;
  // Back to the board it opened over, with its filters, sort and page.
  const backPath = `${location.pathname.replace(/\/\d+\/download$/, "")}${location.search}`;
  const close = () => navigate(backPath, { preventScrollReset: true });
  return (
    <Dialog title={t("dialog.title")} isOpen onOpenChange={(open) => !open && close()} size="md">
      {row ? (
        <div className="board-dialog">
          <dl className="board-dialog__facts">
            <dt>{t("dialog.student")}</dt>
            <dd>{row.studentName}</dd>
            <dt>{t("dialog.email")}</dt>
            <dd>{row.email}</dd>
            <dt>{t("dialog.quiz")}</dt>
            <dd>{row.quizName}</dd>
            <dt>{t("dialog.category")}</dt>
            <dd>{row.quizCategory}</dd>
            <dt>{t("dialog.score")}</dt>
            <dd>{formatScore(row.percentage, i18n.language)}</dd>
            <dt>{t("dialog.correct")}</dt>
            <dd>{row.correctAnswered}</dd>
            <dt>{t("dialog.attempts")}</dt>
            <dd>{row.totalAttempts}</dd>
            <dt>{t("dialog.time")}</dt>
            <dd>{minutesSeconds(row.timeTaken)}</dd>
            <dt>{t("dialog.status")}</dt>
            <dd>{t(`status.${row.status}`)}</dd>
            <dt>{t("dialog.date")}</dt>
            <dd>{dates.dateTime(row.attemptDate)}</dd>
          </dl>
          {/* ADR 0076: what the certificate certifies, or why there is none. */}
          {row.certificateKind ? <CertificateKindNote kind={row.certificateKind} /> : <p className="certificate-kind">{t("common:passMark.noCertificateBelow")}</p>}
          <div className="shell-dialog-actions">
            <ButtonLink to={backPath} variant={row.certificateKind ? "secondary" : "primary"} preventScrollReset>
              {t("dialog.close")}
            </ButtonLink>
            {row.certificateKind && (
              // A real download (reloadDocument), as in the student's certificate dialog.
              <ButtonLink to={`/leaderBoard/${row.takenQuizId}/certificate.pdf`} reloadDocument download variant="primary">
                {t(certificateDownloadKey(row.certificateKind))}
              </ButtonLink>
            )}
          </div>
        </div>
      ) : (
        <div className="board-dialog">
          <Alert variant="warning" isDismissable={false} autoHideMs={null}>
            {t("dialog.notFound")}
          </Alert>
          <p>{t("dialog.notFoundDetail")}</p>
          <div className="shell-dialog-actions">
            <ButtonLink to={backPath} variant="primary" preventScrollReset>
              {t("dialog.close")}
            </ButtonLink>
          </div>
        </div>
      )}
    </Dialog>
  );
}
