import type { RouterContextProvider } from "react-router";
import { waitingForQuiz } from "../../../api/services/grading/waiting-counts";
import { listQuizResults } from "../../../api/services/quiz-stats/list-quiz-results";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { readQuizStatsQuery } from "./stats-query";
import { routeMessages } from "../../i18n/route-messages";
import { adminSettingRow } from "../../../api/services/admin-settings/get-admin-setting";
import { classChoices } from "../../../api/services/classes/class-choices";
import { chosenClassId, classIdParam } from "../class-filter/class-filter-url";
import { lmsStatsPart } from "./lms-stats.server";

/**
 * The stats page's data (spec 2.5 /teacher/quiz/{id}/viewStats), for the page itself and for
 * the dialog routes that show it behind them: the quiz's name and one page of its attempts,
 * by the same verb as POST /api/takenQuiz/fetchAllByQuizId (the quiz's teacher and the owner
 * only: another teacher sees the forbidden panel, another business's quiz is a 404 page).
 */
export async function loadQuizStats(context: Readonly<RouterContextProvider>, request: Request, quizIdParam: string | undefined) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const url = new URL(request.url).searchParams;
  const query = readQuizStatsQuery(url);
  try {
    const term = query.search || undefined;
    const page = await listQuizResults(services, caller, {
      quizId: quizIdParam,
      queryParams: { filter: { studentName: term, studentEmail: term }, sortField: query.sortField, sortOrder: query.sortOrder, pageNumber: query.page, pageSize: query.size },
      // ADR 0080: ?classId= keeps the class's members (a class the caller does not manage is the 404 page).
      classId: classIdParam(url),
    });
    // The owner's choice of a completion certificate below the pass mark decides which rows offer one (ADR 0076).
    const [answersWaiting, setting, classes, lms] = await Promise.all([
      waitingForQuiz(services, caller, page.quiz.id),
      adminSettingRow(services, caller.businessId),
      classChoices(services, caller),
      // Issue 29: the LMS grade sends and roster, for a quiz an LMS links to.
      lmsStatsPart(services, caller, page.quiz.id),
    ]);
    return {
      ...page,
      query,
      classId: chosenClassId(url),
      classes,
      answersWaiting,
      completionCertificateBelowPass: setting.completionCertificateBelowPass,
      lms,
      messages: routeMessages(request, "stats", "results", "grading", "lti"),
    };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export type QuizStatsData = Awaited<ReturnType<typeof loadQuizStats>>;
