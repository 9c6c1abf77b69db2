import { previewQuestionMaths } from "../../../api/services/questions/preview-maths";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/question-preview";

/**
 * The question editor's preview of its formulas (ADR 0066): the texts as typed go to the
 * renderer that runs when the question is saved, and the MathML comes back. A resource
 * route: a form post of `questionText`, each `option` and each answer key `text`, answered with JSON.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const form = await request.formData();
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
  return previewQuestionMaths(callerOf(context, request), { questionText: text(form.get("questionText")), options: form.getAll("option").map(text), texts: form.getAll("text").map(text) });
}
