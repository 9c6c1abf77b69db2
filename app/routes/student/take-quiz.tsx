import { data } from "react-router";
import { checkQuizPassword, describeQuizForStudent } from "../../../api/services/attempts/describe-quiz";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { TakeQuiz } from "../../components/exam/TakeQuiz";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/take-quiz";

/**
 * Spec 2.4 /student/quizPool/{id}/take: the four steps and the exam. The page loads the quiz
 * as a student may see it (never its password or questions); the exam itself talks to the
 * exam API (startQuiz, saveAnswers, answerOne, answerAll), the same verbs.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  try {
    const quiz = await describeQuizForStudent(context.get(servicesContext), callerOf(context, request), { quizId: params.id });
    return { quiz, messages: routeMessages(request, "exam") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/** Step 1: the password is checked before the exam starts (startQuiz checks it again). */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireUserType(context, request, "Student");
  const form = await request.formData();
  try {
    await checkQuizPassword(context.get(servicesContext), callerOf(context, request), { quizId: params.id, password: field(form, "password") }, { clientAddress: clientAddressOf(request.headers) });
    return data({ ok: true });
  } catch (error) {
    return actionFailure(error, { ok: false });
  }
}

export default function TakeQuizPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  return <TakeQuiz quiz={loaderData.quiz} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
