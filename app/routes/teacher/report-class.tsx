import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { classReport } from "../../../api/services/reports/class-report";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { LoadingNote, QuizRule, ReportRefused, ResultCell } from "../../components/reports/report-bits";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { useRouteMessages } from "../../i18n/route-messages";
import { loadReport } from "../../components/reports/report-loader.server";
import reportsCss from "../../styles/reports.css?url";
import type { Route } from "./+types/report-class";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportsCss }];

/**
 * Issue 27 point 5, /teacher/reports/class/:classId (ADR 0081): the class's grid, its students ×
 * the quizzes set for the class or finished by any of them ("Not taken" where a student has no result), by the same verb as POST /api/reports/class; each name opens
 * the student's report. The table scrolls sideways with the names kept in view.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadReport(context, request, (services, caller) => classReport(services, caller, { classId: params.classId }));
}

export default function ClassReportPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["reports", "common"]);
  const { report, refusal } = loaderData;
  if (!report) return <ReportRefused refusal={refusal} />;
  const name = report.class.name;
  return (
    <section className="shell-page reports" aria-labelledby="page-title">
      <title>{`${t("grid.title", { name })} · ${t("common:app.name")}`}</title>
      <div className="reports-toolbar">
        <ButtonLink to="/teacher/reports">{t("grid.back")}</ButtonLink>
        <ButtonLink to={`/teacher/classes/${report.class.classId}`}>{t("grid.roster")}</ButtonLink>
        {/* A file, not a page: the browser downloads it (reloadDocument skips the client router). */}
        <ButtonLink to={`/teacher/reports/class/${report.class.classId}/report.csv`} reloadDocument download variant="primary">
          {t("grid.download")}
        </ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {t("grid.title", { name })}
      </h1>
      <LoadingNote />
      {report.students.length === 0 ? (
        <div className="shell-coming-soon__card reports-empty">
          <p>{t("grid.noStudents")}</p>
        </div>
      ) : report.quizzes.length === 0 ? (
        <div className="shell-coming-soon__card reports-empty">
          <p>{t("grid.noQuizzes")}</p>
        </div>
      ) : (
        <>
          <p className="reports-muted" id="grid-hint">
            {t("grid.scrollHint")}
          </p>
          {/* Focusable, so a keyboard can scroll the wide table; named by its caption. */}
          <div className="shell-table-wrap reports-grid-wrap" role="region" aria-labelledby="grid-caption" aria-describedby="grid-hint" tabIndex={0}>
            <table className="shell-table reports-grid">
              <caption id="grid-caption" className="ui-visually-hidden">
                {t("grid.caption", { name })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("grid.student")}</th>
                  {report.quizzes.map((quiz) => (
                    <th scope="col" key={quiz.quizId}>
                      <span className="reports-grid__quiz">{quiz.quizName}</span>
                      <QuizRule rule={quiz.countingRule} passPercentage={quiz.passPercentage} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.students.map((student) => {
                  const byQuiz = new Map(student.results.map((result) => [result.quizId, result]));
                  return (
                    <tr key={student.userId}>
                      <th scope="row">
                        <Link to={`/teacher/reports/student/${student.userId}`}>{student.fullname}</Link>
                        <span className="reports-email">{student.email}</span>
                      </th>
                      {report.quizzes.map((quiz) => {
                        const result = byQuiz.get(quiz.quizId);
                        return (
                          <td key={quiz.quizId} className="reports-cell">
                            {result ? (
                              <>
                                <ResultCell percentage={result.percentage} passed={result.passed} pending={result.gradingStatus === "NeedsGrading"} />
                                <span className="reports-cell__attempts">{t("grid.attempts", { count: result.attemptsCount })}</span>
                              </>
                            ) : (
                              <span className="reports-muted">{t("grid.notTaken")}</span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
