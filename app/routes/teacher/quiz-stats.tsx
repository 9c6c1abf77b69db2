import { useTranslation } from "react-i18next";
import { findQuiz } from "../../../api/services/quizzes/find-quiz";
import { ComingSoon } from "../../components/layout/ComingSoon";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/quiz-stats";

/** Spec 2.5 /teacher/quiz/{id}/viewStats: the students' results arrive with a later issue (issue 7 asks for a clear placeholder). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Teacher");
  try {
    const { entity } = await findQuiz(context.get(servicesContext), callerOf(context, request), { quizId: params.id });
    return { quizName: entity.quizName };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export default function QuizStats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quizzes");
  return <ComingSoon titleKey="quizzes:stats.title" description={`${loaderData.quizName}: ${t("stats.comingSoon")}`} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
