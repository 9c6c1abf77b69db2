import { useTranslation } from "react-i18next";
import { listDepartments, listProfiles } from "../../../api/services/lookups/list-profiles-and-departments";
import { findQuiz } from "../../../api/services/quizzes/find-quiz";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { QuizDetails } from "../../components/quizzes/QuizDetails";
import { quizStatsPath } from "../../components/quizzes/quiz-pool-query";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/quiz-view";

/** Spec 2.5 /teacher/quiz/{id}/view (the same verb as POST /api/quiz/findOne). Another business's quiz is not found. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Teacher");
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  try {
    const [{ entity }, profiles, departments] = await Promise.all([
      findQuiz(services, caller, { quizId: params.id }),
      listProfiles(services, caller),
      listDepartments(services, caller),
    ]);
    return { quiz: entity, profiles, departments };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export default function QuizView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["quizzes", "common"]);
  const { quiz, profiles, departments } = loaderData;
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${quiz.quizName} · ${t("pool.title")} · ${t("common:app.name")}`}</title>
      <div className="quiz-view__toolbar">
        <ButtonLink to="/teacher/quizPool" variant="secondary">
          {t("view.back")}
        </ButtonLink>
        <ButtonLink to={quizStatsPath(quiz.id)} variant="secondary">
          {t("pool.actions.stats")}
        </ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {quiz.quizName}
      </h1>
      <QuizDetails quiz={quiz} profiles={profiles} departments={departments} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
