import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { waitingCountsByQuiz } from "../../../api/services/grading/waiting-counts";
import { gradingPath } from "../../components/grading/grading-view";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import gradingCss from "../../styles/grading.css?url";
import panelsCss from "../../styles/panels.css?url";
import type { Route } from "./+types/grading-overview";

export const links: Route.LinksFunction = () => [panelsCss, gradingCss].map((href) => ({ rel: "stylesheet", href }));

/**
 * Issue 26 point 4, /teacher/grading (ADR 0070): the quizzes with answers waiting to be marked,
 * with their counts (a teacher's own quizzes, the owner's whole business: waiting-counts.ts, the
 * dashboard card's numbers), each linking to its grading page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  try {
    const quizzes = await waitingCountsByQuiz(context.get(servicesContext), callerOf(context, request));
    return { quizzes, messages: routeMessages(request, "grading") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export default function GradingOverview({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation(["grading", "common"]);
  const { quizzes } = loaderData;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="shell-page grading" aria-labelledby="page-title">
      <title>{`${t("overview.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("overview.title")}
      </h1>
      {quizzes.length === 0 ? (
        <div className="shell-coming-soon__card grading-empty">
          <h2 className="grading-empty__title">{t("page.empty")}</h2>
          <p>{t("overview.emptyText")}</p>
        </div>
      ) : (
        <ul className="grading-overview">
          {quizzes.map((quiz) => (
            <li key={quiz.quizId} className="grading-overview__quiz">
              <Link to={gradingPath(quiz.quizId)}>{quiz.quizName}</Link>
              <span className="grading-overview__count">{t("overview.waiting", { count: number.format(quiz.waiting) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
