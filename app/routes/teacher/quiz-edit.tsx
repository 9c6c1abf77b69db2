import { QuizWizardDialog } from "../../components/quizzes/wizard/QuizWizardDialog";
import { editQuizLoader, wizardAction } from "../../components/quizzes/wizard/wizard.server";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import type { Route } from "./+types/quiz-edit";

/**
 * Spec 2.5 child modal /teacher/quizPool/{id}/edit: the quiz wizard in edit mode. A quiz of
 * another teacher (without profile 2) is the forbidden page; a foreign or unknown id, not found.
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return editQuizLoader(context, request, params.id);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return wizardAction(context, request, params.id);
}

export default function EditQuiz({ loaderData }: Route.ComponentProps) {
  return <QuizWizardDialog key={loaderData.quizId} setup={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
