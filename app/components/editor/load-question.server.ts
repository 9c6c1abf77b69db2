import type { RouterContextProvider } from "react-router";
import { findQuestion } from "../../../api/services/questions/find-question";
import type { QuestionEntity } from "../../../api/services/questions/question-entity";
import { assertMayChangeQuestion } from "../../../api/services/core/permissions";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";

/**
 * The question of a page's `:id`, for the editor and the dialogs. A malformed, missing or
 * foreign id (the verb's 400 or 404) is the not-found page, never a 500 (loader-failure.server.ts).
 */
export async function loadQuestion(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined): Promise<QuestionEntity> {
  const caller = callerOf(context, request);
  try {
    return await findQuestion(context.get(servicesContext), caller, { questionId: id });
  } catch (error) {
    throw loaderFailure(error);
  }
}

/** The same, for the pages that change it: its author and the owner only (docs/decisions/0029). */
export async function loadQuestionToChange(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined): Promise<QuestionEntity> {
  const question = await loadQuestion(context, request, id);
  try {
    assertMayChangeQuestion(callerOf(context, request), question);
  } catch (error) {
    throw loaderFailure(error);
  }
  return question;
}
