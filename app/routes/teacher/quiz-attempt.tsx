import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { readAttemptForAuthor } from "../../../api/services/results/attempt-view";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { useAuthorExtras } from "../../components/results/author-extras";
import { ResultView } from "../../components/results/ResultView";
import { statsPaths } from "../../components/stats/stats-query";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { fromJsonText, toJsonText } from "../../utils/json-text";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/quiz-attempt";

/**
 * /teacher/quiz/{id}/attempt/{takenQuizId} (issue 26 point 5): one attempt as its quiz's
 * authors read it, by the same verb as POST /api/takenQuiz/fetchById (decisions.md "Teachers
 * read attempts": the whole result and the key); the links to mark a question only for those
 * who may grade the quiz (its teacher and the owner). A student is sent away as from every teacher
 * page; another business's attempt, an attempt of another quiz than the address names, or one
 * still running, is the not-found page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  try {
    const { result, mayGrade } = await readAttemptForAuthor(services, caller, { takenQuizId: Number(params.takenQuizId), quizId: params.id });
    return { result: toJsonText(result), mayGrade, messages: routeMessages(request, "results") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export default function QuizAttempt({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["results", "common"]);
  const result = useMemo(() => fromJsonText(loaderData.result), [loaderData.result]);
  const author = useAuthorExtras(result, loaderData.mayGrade);
  const title = t("attemptView.title", { student: result.student?.name ?? "", quiz: result.quiz.quizName });
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${title} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {title}
      </h1>
      <p>
        <ButtonLink to={statsPaths.page(result.quizId)} variant="secondary" size="sm">
          {t("attemptView.back")}
        </ButtonLink>
      </p>
      <ResultView result={result} author={author} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
