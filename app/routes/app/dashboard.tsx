import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dashboardSummary, type DashboardSummary } from "../../../api/services/dashboard/dashboard-summary";
import { SummaryCard } from "../../components/home/SummaryCard";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/dashboard";

/**
 * Spec 2.1: the breadcrumb home (docs/decisions/0046). A few numbers for the signed-in user's
 * role, each with the page where they act on it; the counts come from one service
 * (dashboard-summary.ts), the same as POST /api/dashboard.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const summary = await dashboardSummary(context.get(servicesContext), callerOf(context, request));
  return { summary, name: user.fullname, messages: routeMessages(request, "home") };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["home", "common"]);
  const { summary, name } = loaderData;
  return (
    <section className="shell-page home-page" aria-labelledby="page-title">
      <title>{`${t("dashboard.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("dashboard.title")}
      </h1>
      <p className="shell-page__lead">{t("dashboard.lead", { name })}</p>
      <div className="home-grid">{summary.role === "Student" ? <StudentCards summary={summary} /> : <StaffCards summary={summary} />}</div>
    </section>
  );
}

function StudentCards({ summary }: { summary: Extract<DashboardSummary, { role: "Student" }> }) {
  const { t, i18n } = useTranslation("home");
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <>
      <SummaryCard id="open-quizzes" title={t("dashboard.student.openQuizzes")} value={summary.openQuizzes} links={[{ to: "/student/quizPool", label: t("dashboard.student.openQuizzesLink") }]} />
      <SummaryCard id="in-progress" title={t("dashboard.student.inProgress")} value={summary.inProgress} links={[{ to: "/student/takenQuiz", label: t("dashboard.student.allResults") }]}>
        <p className="account-card__note">{t("dashboard.student.inProgressNote")}</p>
      </SummaryCard>
      <SummaryCard id="recent-results" title={t("dashboard.student.recentResults")} links={[{ to: "/student/takenQuiz", label: t("dashboard.student.allResults") }]}>
        {summary.recentResults.length === 0 ? (
          <p className="account-card__note">{t("dashboard.student.noResults")}</p>
        ) : (
          <ul className="home-results">
            {summary.recentResults.map((result) => (
              <li key={result.takenQuizId} className="home-results__item">
                <Link to={`/student/takenQuiz/${result.takenQuizId}/result`} aria-label={t("dashboard.student.viewResult", { quiz: result.quizName })}>
                  {result.quizName}
                </Link>
                <span className="home-results__score">
                  {t("dashboard.student.score", { percentage: percent.format(result.percentage) })} · {t(`dashboard.status.${result.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </SummaryCard>
    </>
  );
}

/**
 * A teacher's cards link to the teacher pages; the owner's to the school's quiz pool, bank and
 * feedback (the teacher area's pages, open to the owner: ADR 0062) and the admin pages. Every
 * card links to a page its reader may open.
 */
function StaffCards({ summary }: { summary: Extract<DashboardSummary, { role: "Teacher" | "Owner" }> }) {
  const { t } = useTranslation("home");
  const isOwner = summary.role === "Owner";
  const scope = isOwner ? "owner" : "teacher";
  const bank = { to: "/teacher/questions", label: t("dashboard.teacher.bankLink") };
  return (
    <>
      <SummaryCard
        id="quizzes"
        title={t(`dashboard.${scope}.quizzes`)}
        value={summary.quizzes}
        links={
          isOwner
            ? [{ to: "/teacher/quizPool", label: t("dashboard.owner.quizzesLink") }, bank, { to: "/admin/quizSetting", label: t("dashboard.owner.settingsLink") }]
            : [{ to: "/teacher/quizPool/new", label: t("dashboard.teacher.createQuiz") }, { to: "/teacher/quizPool", label: t("dashboard.teacher.quizzesLink") }, bank]
        }
      />
      <SummaryCard
        id="in-progress"
        title={t(`dashboard.${scope}.inProgress`)}
        value={summary.inProgress}
        links={[{ to: isOwner ? "/admin/leaderBoard" : "/leaderBoard", label: t("dashboard.owner.boardLink") }]}
      />
      <SummaryCard
        id="pending-feedback"
        title={t(`dashboard.${scope}.pendingFeedback`)}
        value={summary.pendingFeedback}
        links={[{ to: "/teacher/feedback", label: t("dashboard.teacher.feedbackLink") }]}
      />
      <SummaryCard
        id="answers-waiting"
        title={t("dashboard.teacher.answersWaiting")}
        value={summary.answersWaiting}
        links={[{ to: "/teacher/grading", label: t("dashboard.teacher.gradingLink") }]}
      />
      {summary.pendingTeacherRequests !== null && (
        <SummaryCard
          id="teacher-requests"
          title={t("dashboard.owner.teacherRequests")}
          value={summary.pendingTeacherRequests}
          links={[{ to: "/admin/users", label: t("dashboard.owner.teacherRequestsLink") }]}
        />
      )}
      {summary.users !== null && (
        <SummaryCard id="users" title={t("dashboard.owner.users")} value={summary.users} links={[{ to: "/admin/users", label: t("dashboard.owner.usersLink") }]} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
