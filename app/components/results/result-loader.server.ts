import type { RouterContextProvider } from "react-router";
import { rateQuiz } from "../../../api/services/attempts/rate-quiz";
import { fetchLatestTakenQuizResult, fetchTakenQuizResult } from "../../../api/services/results/read-result";
import { servicesContext } from "../../context";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The result pages' loader (/result: that attempt; /newResult: the latest finished one).
 * Another student's or an unknown id is the not-found page; an attempt still running is a
 * 409 page, not a result.
 */
export async function loadResult(context: Context, request: Request, id: string | undefined, which: "this" | "latest") {
  requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const input = { takenQuizId: Number(id) };
  try {
    return { result: which === "this" ? await fetchTakenQuizResult(services, caller, input) : await fetchLatestTakenQuizResult(services, caller, input) };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/** Rating the quiz from its result page (spec 7 rateQuiz, the same verb). */
export async function rateFromResult(context: Context, request: Request) {
  requireUserType(context, request, "Student");
  const form = await request.formData();
  try {
    return await rateQuiz(context.get(servicesContext), callerOf(context, request), { quizId: Number(field(form, "quizId")), rating: Number(field(form, "rating")) });
  } catch (error) {
    return actionFailure(error);
  }
}
