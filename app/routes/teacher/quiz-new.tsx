import { QuizWizardDialog } from "../../components/quizzes/wizard/QuizWizardDialog";
import { newQuizLoader, wizardAction } from "../../components/quizzes/wizard/wizard.server";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import type { Route } from "./+types/quiz-new";

/** Spec 2.5 child modal /teacher/quizPool/new: the quiz wizard in create mode. */
export function loader({ context, request }: Route.LoaderArgs) {
  return newQuizLoader(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return wizardAction(context, request, undefined);
}

export default function NewQuiz({ loaderData }: Route.ComponentProps) {
  return <QuizWizardDialog setup={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

