import { redirect, useNavigate, useSearchParams } from "react-router";
import { createCategoryCourse } from "../../../api/services/categories/create-category-course";
import { NewCategoryCourseDialog } from "../../components/bank/NewCategoryCourseDialog";
import { pickerPath } from "../../components/bank/paths";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { actionFailure, field } from "../../utils/form-answers.server";
import type { Route } from "./+types/questions-new-category-course";

/** Spec 2.5 child modal /teacher/questions/newCatCourse (over step 1 of the bank). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const input = { category: field(form, "category"), course: field(form, "course") };
  try {
    const { entity } = await createCategoryCourse(context.get(servicesContext), caller, input);
    // Back to step 1 with the new pair chosen, so Next opens its bank at once.
    return redirect(pickerPath({ category: entity.category, course: input.course.trim(), notice: "added" }));
  } catch (error) {
    return actionFailure(error, { values: input });
  }
}

export default function NewCategoryCourse({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fixedCategory = params.get("category");
  return (
    <NewCategoryCourseDialog
      fixedCategory={fixedCategory}
      failure={actionData}
      onClose={() => navigate(fixedCategory ? pickerPath({ category: fixedCategory }) : pickerPath({}))}
    />
  );
}
