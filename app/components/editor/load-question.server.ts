import { data, type RouterContextProvider } from "react-router";
import { AppError } from "../../../api/errors";
import { findQuestion } from "../../../api/services/questions/find-question";
import type { QuestionEntity } from "../../../api/services/questions/question-entity";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";

/**
 * The question of a page's `:id`, for the editor and the dialogs. A malformed, missing or
 * foreign id is the spec's 404 'The requested question is not found', never a 500.
 */
export async function loadQuestion(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined): Promise<QuestionEntity> {
  const caller = callerOf(context, request);
  if (!id || !/^\d{1,15}$/.test(id)) throw data({ message: "The requested question is not found" }, { status: 404 });
  try {
    return await findQuestion(context.get(servicesContext), caller, { questionId: id });
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
