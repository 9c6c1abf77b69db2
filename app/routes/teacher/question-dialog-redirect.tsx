import { redirect } from "react-router";
import { bankPath } from "../../components/bank/paths";
import { bankDialogPath } from "../../components/editor/paths";
import { requireTeacherArea } from "../../utils/guards.server";
import { loadQuestion } from "../../components/editor/load-question.server";
import type { Route } from "./+types/question-dialog-redirect";

/**
 * The spec's /teacher/questions/{id}/view and /delete: the dialog opens over the bank of the
 * question's category and course, so they lead there (decision 0017).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const question = await loadQuestion(context, request, params.id);
  const dialog = new URL(request.url).pathname.endsWith("/delete") ? "delete" : "view";
  throw redirect(bankDialogPath(bankPath(question.category, question.course), dialog, question.id));
}
