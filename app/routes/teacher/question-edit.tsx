import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { listAllCategoryCourses } from "../../../api/services/categories/list-all-category-courses";
import { listTags } from "../../../api/services/questions/list-tags";
import { mathsToSource } from "../../../api/services/maths/render-tex";
import { updateQuestion } from "../../../api/services/questions/update-question";
import { bankPath } from "../../components/bank/paths";
import { type EditorFailure, QuestionEditor } from "../../components/editor/QuestionEditor";
import { refusedQuestion } from "../../components/editor/refused-question.server";
import { readQuestionForm } from "../../components/editor/question-form";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { actionFailure } from "../../utils/form-answers.server";
import { loadQuestionToChange } from "../../components/editor/load-question.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/question-edit";

/**
 * Spec 2.5 /teacher/question/{id}/edit. A question a quiz uses shows the spec's warning;
 * one whose quiz was taken is refused by updateQuestion on save (spec 8). Its category and
 * course may change (the bank's pickers); the save returns to the bank it is in now.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  // A malformed or foreign id answers 400/404 through the error boundary.
  const question = await loadQuestionToChange(context, request, params.id);
  const [tags, places] = await Promise.all([listTags(services, caller, { queryParams: { pageSize: 100 } }), listAllCategoryCourses(services, caller)]);
  const { id, questionText, optionType, options, answerKey, defaultMark, tags: questionTags, category, course, questionImage, questionImageUrl, image, imageUrl, answerExplaination, used } = question;
  return {
    id,
    used,
    values: {
      questionText,
      optionType,
      options: options.map(({ optionText, optionStatus }) => ({ optionText, optionStatus })),
      ...(answerKey === null ? {} : { answerKey }),
      defaultMark,
      tags: questionTags,
      category,
      course,
      questionImage,
      questionImageUrl,
      image,
      imageUrl,
      // The editor edits TeX: each rendered formula back to its \( … \) or \[ … \] source (ADR 0066).
      answerExplaination: mathsToSource(answerExplaination),
    },
    tagSuggestions: tags.entities.map((tag) => tag.name),
    places,
    messages: routeMessages(request, "bank", "exam"),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const values = readQuestionForm(await request.formData());
  try {
    const { entity } = await updateQuestion(context.get(servicesContext), caller, { ...values, questionId: params.id });
    // Spec 2.5: back to the bank the question is in now (a moved question: its new bank).
    return redirect(`${bankPath(entity.category, entity.course)}?notice=updated`);
  } catch (error) {
    return actionFailure(error, { question: await refusedQuestion(context.get(servicesContext), caller, values) });
  }
}

export default function EditQuestion({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["bank", "common"]);
  const { id, used, values, tagSuggestions, places } = loaderData;
  return (
    <section className="shell-page editor-page" aria-labelledby="page-title">
      <title>{`${t("editor.editTitle")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("editor.editTitle")}
      </h1>
      <QuestionEditor
        key={actionData ? JSON.stringify(actionData) : `edit-${id}`}
        initial={values}
        failure={actionData as EditorFailure | undefined}
        used={used}
        tagSuggestions={tagSuggestions}
        places={places}
        cancelTo={bankPath(values.category, values.course)}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

