import { data } from "react-router";
import { updateResultStatus } from "../../../api/services/quiz-stats/update-result-status";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { loadQuizStats } from "../../components/stats/load-quiz-stats.server";
import { QuizStatsView } from "../../components/stats/QuizStatsView";
import { servicesContext } from "../../context";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-stats";

/**
 * Spec 2.5 /teacher/quiz/{id}/viewStats: the students' attempts at a quiz (fetchAllByQuizId,
 * the same verb), for the quiz's teacher and the owner. Its certificate dialog is a route of
 * its own at /teacher/quiz/{id}/{qId}/download (stats-certificate-dialog.tsx), which shows
 * this page behind it.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadQuizStats(context, request, params.id);
}

/** The bulk status form (spec 4): the same verb as POST /api/takenQuiz/updateStatus; every id or none. */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const form = await request.formData();
  if (field(form, "intent") !== "status") return data({ ok: false as const, message: "Something wrong!" }, { status: 400 });
  try {
    const ids = form.getAll("ids").map((id) => (typeof id === "string" && /^\d{1,16}$/.test(id) ? Number(id) : id));
    const result = await updateResultStatus(context.get(servicesContext), callerOf(context, request), { quizId: params.id, ids, status: field(form, "status") });
    return data({ ok: true as const, status: result.status, count: result.updatedCount });
  } catch (error) {
    return actionFailure(error, { ok: false });
  }
}

export default function QuizStats({ loaderData }: Route.ComponentProps) {
  return <QuizStatsView data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
