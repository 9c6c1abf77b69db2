import { data, redirect, type RouterContextProvider } from "react-router";
import { getAdminSetting } from "../../../../api/services/admin-settings/get-admin-setting";
import { listAllCategoryCourses } from "../../../../api/services/categories/list-all-category-courses";
import { listDepartments, listProfiles } from "../../../../api/services/lookups/list-profiles-and-departments";
import { classesForQuizzes } from "../../../../api/services/quiz-classes/pickers";
import { checkQuizDraft } from "../../../../api/services/quizzes/check-quiz-draft";
import { createQuiz } from "../../../../api/services/quizzes/create-quiz";
import { findQuiz } from "../../../../api/services/quizzes/find-quiz";
import { assertMayChangeQuiz } from "../../../../api/services/core/permissions";
import { quizNames } from "../../../../api/services/quizzes/quiz-names";
import { updateQuiz } from "../../../../api/services/quizzes/update-quiz";
import { servicesContext } from "../../../context";
import { actionFailure, field } from "../../../utils/form-answers.server";
import { fieldAnswers } from "../../../../api/services/message-codes";
import { callerOf, requireTeacherArea } from "../../../utils/guards.server";
import { loaderFailure } from "../../../utils/loader-failure.server";
import { quizPoolPath } from "../quiz-pool-query";
import { isStepId, STEP_FIELDS } from "./steps";

type Context = Readonly<RouterContextProvider>;

/**
 * What the wizard needs besides the quiz (both modes): the business's categories and
 * courses, the owner's policy (which fields exist, spec 4 and 6), profiles and departments.
 */
async function wizardLookups(context: Context, request: Request) {
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const [entries, policy, profiles, departments, classes] = await Promise.all([
    listAllCategoryCourses(services, caller),
    getAdminSetting(services, caller),
    listProfiles(services, caller),
    listDepartments(services, caller),
    classesForQuizzes(services, caller),
  ]);
  return { entries, policy, profiles, departments, classes };
}

export async function newQuizLoader(context: Context, request: Request) {
  requireTeacherArea(context, request);
  const params = new URL(request.url).searchParams;
  return {
    ...(await wizardLookups(context, request)),
    mode: "create" as const,
    quizId: null,
    quiz: null,
    place: { category: params.get("category") ?? "", course: params.get("course") ?? "" },
    takenCount: 0,
    questionSummaries: [],
    sourceNames: [],
  };
}

/** Edit mode: the quiz, refused (403/404 page) for a quiz the caller may not change. */
export async function editQuizLoader(context: Context, request: Request, id: string | undefined) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  try {
    const { entity } = await findQuiz(services, caller, { quizId: id });
    assertMayChangeQuiz(caller, { teacherId: entity.teacherId });
    const [lookups, sourceNames] = await Promise.all([wizardLookups(context, request), quizNames(services, caller, { quizIds: entity.selectedQuizes })]);
    return {
      ...lookups,
      mode: "edit" as const,
      quizId: entity.id,
      quiz: entity,
      place: { category: entity.category, course: entity.course },
      takenCount: entity.takenCount,
      questionSummaries: entity.questions,
      sourceNames,
    };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/**
 * Both modes' action. `check` (the Next button) reports the current step's errors by the
 * same rules Submit applies; `save` (Submit) is createQuiz/updateQuiz, then back to the
 * pool with 'Quiz Added' / 'Quiz Updated'.
 */
export async function wizardAction(context: Context, request: Request, quizId: string | undefined) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const draft = parseDraft(field(form, "draft"));
  if (draft === undefined) return data({ intent: "save" as const, message: "Something wrong!" }, { status: 400 });
  const intent = field(form, "intent");

  if (intent === "check") {
    const step = field(form, "step");
    if (!isStepId(step)) return data({ intent: "save" as const, message: "Something wrong!" }, { status: 400 });
    try {
      const errors = await checkQuizDraft(services, caller, { quizId, draft }, STEP_FIELDS[step]);
      // Each error with its text's code, by which the wizard words it (ADR 0055).
      return { intent: "check" as const, step, ...fieldAnswers(errors) };
    } catch (error) {
      return actionFailure(error, { intent: "save" });
    }
  }

  try {
    if (quizId === undefined) await createQuiz(services, caller, draft);
    else await updateQuiz(services, caller, { ...draft, quizId });
    return redirect(`${quizPoolPath}?notice=${quizId === undefined ? "added" : "updated"}`);
  } catch (error) {
    return actionFailure(error, { intent: "save" });
  }
}

function parseDraft(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
