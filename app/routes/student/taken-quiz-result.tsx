import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useSearchParams } from "react-router";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { keepPageUnderCertificate, useFocusBackFromCertificate } from "../../components/results/certificate-route";
import { loadResult, resultAction } from "../../components/results/result-loader.server";
import { ResultView } from "../../components/results/ResultView";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { fromJsonText } from "../../utils/json-text";
import type { Route } from "./+types/taken-quiz-result";

/**
 * Spec 2.4 /student/takenQuiz/{id}/result (that attempt) and /newResult (the latest finished
 * attempt of the quiz: where a finished exam lands, with 'quiz completed'). One page, two
 * routes (routes.ts gives each its id); the route's own id says which.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const latest = new URL(request.url).pathname.endsWith("/newResult");
  return { ...(await loadResult(context, request, params.id, latest ? "latest" : "this")), messages: routeMessages(request, "results") };
}

export const shouldRevalidate = keepPageUnderCertificate;

export function action({ context, request }: Route.ActionArgs) {
  return resultAction(context, request);
}

export default function TakenQuizResult({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["results", "common"]);
  const [params] = useSearchParams();
  useFocusBackFromCertificate();
  const result = useMemo(() => fromJsonText(loaderData.result), [loaderData.result]);
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("title", { name: result.quiz.quizName })} · ${t("common:app.name")}`}</title>
      {params.get("notice") === "completed" && <Alert variant="success">{t("completed")}</Alert>}
      {/* The clock ended the exam: the result says so, not only that the quiz is completed (issue 18). */}
      {params.get("notice") === "timeUp" && (
        <Alert variant="info" autoHideMs={null}>
          {t("timeUp")}
        </Alert>
      )}
      <h1 id="page-title" className="shell-page__title">
        {t("title", { name: result.quiz.quizName })}
      </h1>
      <ResultView result={result} certificate={loaderData.certificate} />
      {/* The certificate dialog (/takenQuiz/{id}/result/download). */}
      <Outlet />
      <p>
        <ButtonLink to="/student/takenQuiz" variant="secondary">
          {t("back")}
        </ButtonLink>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
