import { listGradeSends } from "../../../api/services/lti/ags/grade-sends-view";
import { hasLmsRoster } from "../../../api/services/lti/nrps/roster";
import type { AppServices } from "../../../api/services/core/app-services";
import type { Caller } from "../../../api/services/core/caller";

/**
 * The LMS part of a quiz's stats page (issue 29 points 4 and 5): its grade sends and whether an
 * LMS course roster can be read; null for a quiz no LMS links to (most quizzes: nothing shows).
 * The roster itself is read from the LMS only when the teacher asks (routes/teacher/quiz-lms.ts),
 * never on the page's live refresh.
 */
export async function lmsStatsPart(services: AppServices, caller: Caller, quizId: number) {
  const { linked, sends } = await listGradeSends(services, caller, quizId);
  if (!linked) return null;
  return { sends, roster: await hasLmsRoster(services, caller.businessId, quizId) };
}

export type LmsStatsPart = NonNullable<Awaited<ReturnType<typeof lmsStatsPart>>>;
