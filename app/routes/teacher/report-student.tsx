import { useTranslation } from "react-i18next";
import { studentReport } from "../../../api/services/reports/student-report";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { useDates } from "../../components/layout/use-dates";
import { LoadingNote, QuizRule, ReportRefused, ResultCell, usePercent } from "../../components/reports/report-bits";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { useRouteMessages } from "../../i18n/route-messages";
import { loadReport } from "../../components/reports/report-loader.server";
import reportsCss from "../../styles/reports.css?url";
import type { Route } from "./+types/report-student";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportsCss }];

/**
 * Issue 27 point 5, /teacher/reports/student/:userId (ADR 0081): one student's results across
 * quizzes, by the same verb as POST /api/reports/student: per quiz the result its rule counts,
 * every finished attempt, the time taken and when it was handed in (in the reader's zone, named).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadReport(context, request, (services, caller) => studentReport(services, caller, { userId: params.userId }));
}

export default function StudentReportPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["reports", "common"]);
  const dates = useDates();
  const percent = usePercent();
  if (!loaderData.report) return <ReportRefused refusal={loaderData.refusal} />;
  const { student, quizzes } = loaderData.report;
  const name = student.fullname;
  const duration = (seconds: number) => t("student.duration", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  return (
    <section className="shell-page reports" aria-labelledby="page-title">
      <title>{`${t("student.title", { name })} · ${t("common:app.name")}`}</title>
      <div className="reports-toolbar">
        <ButtonLink to="/teacher/reports">{t("student.back")}</ButtonLink>
        <ButtonLink to={`/teacher/reports/student/${student.userId}/report.csv`} reloadDocument download variant="primary">
          {t("student.download")}
        </ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {t("student.title", { name })}
      </h1>
      <p className="reports-muted">{student.email}</p>
      <LoadingNote />
      {quizzes.length === 0 ? (
        <div className="shell-coming-soon__card reports-empty">
          <p>{t("student.empty", { name })}</p>
        </div>
      ) : (
        <div className="shell-table-wrap reports-grid-wrap" role="region" aria-labelledby="report-caption" tabIndex={0}>
          <table className="shell-table reports-grid reports-student">
            <caption id="report-caption" className="ui-visually-hidden">
              {t("student.caption", { name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("student.quiz")}</th>
                <th scope="col">{t("student.result")}</th>
                <th scope="col">{t("student.attempts")}</th>
                <th scope="col">{t("student.timeTaken")}</th>
                <th scope="col">{t("student.submitted")}</th>
              </tr>
            </thead>
            <tbody>
              {quizzes.map((quiz) => (
                <tr key={quiz.quizId}>
                  <th scope="row">
                    {quiz.quizName}
                    <QuizRule rule={quiz.countingRule} passPercentage={quiz.passPercentage} />
                  </th>
                  <td className="reports-cell" data-label={t("student.result")}>
                    <ResultCell percentage={quiz.result.percentage} passed={quiz.result.passed} pending={quiz.result.gradingStatus === "NeedsGrading"} />
                  </td>
                  <td data-label={t("student.attempts")}>
                    <ol className="reports-attempts">
                      {quiz.attempts.map((attempt) => (
                        <li key={attempt.takenQuizId} data-counts={attempt.counts}>
                          {t("student.attempt", { number: attempt.attemptNumber, percentage: percent(attempt.percentage) })}
                          {attempt.counts ? ` (${t("student.counts")})` : ""}
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td className="shell-table__nowrap" data-label={t("student.timeTaken")}>
                    {duration(quiz.result.timeTaken)}
                  </td>
                  <td data-label={t("student.submitted")}>{dates.dateTime(quiz.result.submittedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
