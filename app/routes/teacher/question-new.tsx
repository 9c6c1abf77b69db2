import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { findCategoryCourse } from "../../../api/services/categories/find-category-course";
import { listAllCategoryCourses } from "../../../api/services/categories/list-all-category-courses";
import { createQuestion } from "../../../api/services/questions/create-question";
import { listTags } from "../../../api/services/questions/list-tags";
import { bankPath, pickerPath } from "../../components/bank/paths";
import { type EditorFailure, QuestionEditor } from "../../components/editor/QuestionEditor";
import { blankOptions, readQuestionForm } from "../../components/editor/question-form";
import { refusedQuestion } from "../../components/editor/refused-question.server";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { actionFailure } from "../../utils/form-answers.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/question-new";

/** Spec 2.5 /teacher/question/{category}/{course}/new: a new question in that bank (the pickers may choose another). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const found = await findCategoryCourse(services, caller, { category: params.category, course: params.course });
  if (!found) throw redirect(pickerPath({}));
  const [tags, places] = await Promise.all([listTags(services, caller, { queryParams: { pageSize: 100 } }), listAllCategoryCourses(services, caller)]);
  return { category: found.category, course: found.course, tagSuggestions: tags.entities.map((tag) => tag.name), places, messages: routeMessages(request, "bank", "exam") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const values = readQuestionForm(await request.formData());
  try {
    const { entity } = await createQuestion(context.get(servicesContext), caller, values);
    return redirect(`${bankPath(entity.category, entity.course)}?notice=added`);
  } catch (error) {
    return actionFailure(error, { question: await refusedQuestion(context.get(servicesContext), caller, values) });
  }
}

export default function NewQuestion({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["bank", "common"]);
  const { category, course, tagSuggestions, places } = loaderData;
  return (
    <section className="shell-page editor-page" aria-labelledby="page-title">
      <title>{`${t("editor.newTitle")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("editor.newTitle")}
      </h1>
      <QuestionEditor
        key={actionData ? JSON.stringify(actionData) : "new"}
        initial={{ questionText: "", optionType: "radio", options: blankOptions(), tags: [], category, course, questionImage: null, image: null, answerExplaination: "" }}
        failure={actionData as EditorFailure | undefined}
        tagSuggestions={tagSuggestions}
        places={places}
        cancelTo={bankPath(category, course)}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
