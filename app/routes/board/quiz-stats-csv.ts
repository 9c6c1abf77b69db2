import { exportResults } from "../../../api/services/export/export-results";
import { QUIZ_STATS_EXPORT_SORT_FIELDS } from "../../../api/services/export/sort-fields";
import { csvFailure, csvResponse } from "../../components/board/csv-response.server";
import { readListUrl } from "../../components/layout/list-url";
import { classIdParam } from "../../components/class-filter/class-filter-url";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-stats-csv";

/**
 * /teacher/quiz/{id}/viewStats.csv?search=&sort=&order=&classId=: the stats page's Export CSV link
 * with the page's own query (its one search box matches the student's name or e-mail), by
 * the same verb as POST /api/takenQuiz/export { quizId }: the quiz's teacher and the owner
 * only. A sort the export does not know falls back to student name ascending, as the page's;
 * `classId` keeps the class's members, as the page (ADR 0080).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const caller = callerOf(context, request);
  const url = new URL(request.url).searchParams;
  const search = (url.get("search") ?? "").trim().slice(0, 200) || undefined;
  const { sortField, sortOrder } = readListUrl(url, QUIZ_STATS_EXPORT_SORT_FIELDS, { sortField: "studentName", sortOrder: "asc" });
  const quizId = Number(params.id);
  try {
    return csvResponse(await exportResults(context.get(servicesContext), caller, { quizId, queryParams: { filter: { studentName: search, studentEmail: search }, sortField, sortOrder }, classId: classIdParam(url) }));
  } catch (error) {
    return csvFailure(error);
  }
}
