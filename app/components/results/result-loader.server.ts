import type { RouterContextProvider } from "react-router";
import { rateQuiz } from "../../../api/services/attempts/rate-quiz";
import { sendQuestionFeedback } from "../../../api/services/feedback/send-question-feedback";
import { voteQuestion } from "../../../api/services/feedback/vote-question";
import { markResultSeen } from "../../../api/services/results/marked-notices";
import { fetchLatestTakenQuizResult, fetchTakenQuizResult } from "../../../api/services/results/read-result";
import { servicesContext } from "../../context";
import { adminSettingRow } from "../../../api/services/admin-settings/get-admin-setting";
import { certificateKindFor } from "../../../api/services/pass-mark/certificate-kind";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { toJsonText } from "../../utils/json-text";
import { loaderFailure } from "../../utils/loader-failure.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The result pages' loader (/result: that attempt; /newResult: the latest finished one).
 * Another student's or an unknown id is the not-found page; an attempt still running is a
 * 409 page, not a result. The result goes as its JSON text (utils/json-text.ts): a class
 * opens it together right after submitting, and turbo-stream's walk of its ~1,500 values
 * cost more than reading it. Opening a result clears its "has been marked" notice (marked-notices.ts).
 */
export async function loadResult(context: Context, request: Request, id: string | undefined, which: "this" | "latest") {
  requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const input = { takenQuizId: Number(id) };
  try {
    const result = which === "this" ? await fetchTakenQuizResult(services, caller, input) : await fetchLatestTakenQuizResult(services, caller, input);
    // ADR 0076: which certificate the result has (null: none), so the page offers no download the server would refuse.
    const [, setting] = await Promise.all([markResultSeen(services, caller, result.takenQuizId), adminSettingRow(services, caller.businessId)]);
    return { result: toJsonText(result), certificate: certificateKindFor(result.percentage, result.passPercentage, setting.completionCertificateBelowPass) };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/** The result page's forms: the quiz's rating (rateQuiz), thumbs and feedback on a question (voteQuestion, sendQuestionFeedback), the same verbs. */
export async function resultAction(context: Context, request: Request) {
  requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  try {
    if (field(form, "intent") === "thumbs") {
      return await voteQuestion(services, caller, { questionId: Number(field(form, "questionId")), vote: field(form, "vote") });
    }
    if (field(form, "intent") === "feedback") {
      return await sendQuestionFeedback(services, caller, { questionId: Number(field(form, "questionId")), feedbackText: field(form, "feedbackText") });
    }
    return await rateQuiz(services, caller, { quizId: Number(field(form, "quizId")), rating: Number(field(form, "rating")) });
  } catch (error) {
    return actionFailure(error);
  }
}
