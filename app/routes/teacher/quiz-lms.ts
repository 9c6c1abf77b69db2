import { data } from "react-router";
import { assertLmsPanelOf, resendGrades } from "../../../api/services/lti/ags/grade-sends-view";
import { emailWhoHasNotTaken } from "../../../api/services/lti/nrps/email-roster";
import { lmsRoster } from "../../../api/services/lti/nrps/roster";
import { servicesContext } from "../../context";
import { pickLanguage } from "../../i18n/languages";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-lms";

/**
 * Issue 29 points 4 and 5 (ADR 0089), the LMS part of /teacher/quiz/{id}/viewStats, as a
 * resource route its panel calls: GET reads the quiz's LMS class from the LMS (on the teacher's
 * click, never on the stats page's live refresh); POST resends grades (`intent` resend with
 * `ids`, or resendFailed) or e-mails the learners who have not taken the quiz (`intent` email).
 * Refusals come back with their codes (another business's quiz 404, a teacher who may not read
 * its stats 403, too many clicks 429), never a 500.
 */
const quizIdOf = (param: string | undefined) => (param && /^\d{1,16}$/.test(param) ? Number(param) : null);

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const quizId = quizIdOf(params.id);
  if (quizId === null) return data({ ok: false as const, code: "NOT_FOUND" }, { status: 404 });
  try {
    return data({ ok: true as const, rosters: await lmsRoster(context.get(servicesContext), callerOf(context, request), quizId) });
  } catch (error) {
    return actionFailure(error, { ok: false });
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const quizId = quizIdOf(params.id);
  if (quizId === null) return data({ ok: false as const, code: "NOT_FOUND" }, { status: 404 });
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const intent = field(form, "intent");
  try {
    if (intent === "resend" || intent === "resendFailed") {
      const ids = form.getAll("ids").flatMap((id) => (typeof id === "string" && /^\d{1,16}$/.test(id) ? [Number(id)] : []));
      const { queued } = await resendGrades(services, caller, quizId, intent === "resendFailed" ? "allFailed" : { ids });
      return data({ ok: true as const, intent, queued });
    }
    if (intent === "email") {
      const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
      const { sent, withoutEmail } = await emailWhoHasNotTaken(services, caller, quizId, language);
      return data({ ok: true as const, intent, sent, withoutEmail });
    }
    // An intent we do not know is a 400 only to whom the panel belongs (another business's quiz stays 404).
    await assertLmsPanelOf(services, caller, quizId);
    return data({ ok: false as const, code: "VALIDATION" }, { status: 400 });
  } catch (error) {
    return actionFailure(error, { ok: false });
  }
}

/** The roster is read from the LMS on the teacher's click only: the stats page's refreshes leave it as it is. */
export function shouldRevalidate() {
  return false;
}
