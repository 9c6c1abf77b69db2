import { MATHS_PREVIEW_MAX_BYTES, previewQuestionMaths } from "../../../api/services/questions/preview-maths";
import { servicesContext } from "../../context";
import { readFormWithin } from "../../utils/form-within.server";
import { actionFailure } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/question-preview";

/**
 * The question editor's preview of its formulas (ADR 0066): the texts as typed go to the
 * renderer that runs when the question is saved, and the MathML comes back. A resource
 * route: a form post of `questionText`, each `option` and each answer key `text`, answered with JSON. Outside the
 * teacher area a caller is sent away before the body is read; the body is read only up to
 * what the preview's fields can hold, and each author's previews are counted
 * (api/services/questions/preview-maths.ts). A refusal answers its status and code; the
 * editor then shows the TeX as typed.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  try {
    const form = await readFormWithin(request, MATHS_PREVIEW_MAX_BYTES);
    const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
    return await previewQuestionMaths(context.get(servicesContext), callerOf(context, request), { questionText: text(form.get("questionText")), options: form.getAll("option").map(text), texts: form.getAll("text").map(text) });
  } catch (error) {
    return actionFailure(error);
  }
}
