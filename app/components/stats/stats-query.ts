import { QUIZ_STATS_SORT_FIELDS, type QuizStatsSortField } from "../../../api/services/quiz-stats/sort-fields";
import { type ListUrlState, readListUrl } from "../layout/list-url";

export interface QuizStatsUrlQuery extends ListUrlState<QuizStatsSortField> {
  search: string;
}

/** The stats page's list state from its URL: one search term, sort (student name ascending by default, spec 9) and page. */
export function readQuizStatsQuery(params: URLSearchParams): QuizStatsUrlQuery {
  return { search: (params.get("search") ?? "").trim().slice(0, 200), ...readListUrl(params, QUIZ_STATS_SORT_FIELDS, { sortField: "studentName" }) };
}

/** Paths around a quiz's stats (spec 2.5; the e-mail dialog, the CSV and the item analysis belong to other pages). */
export const statsPaths = {
  page: (quizId: number | string) => `/teacher/quiz/${quizId}/viewStats`,
  download: (quizId: number | string, takenQuizId: number) => `/teacher/quiz/${quizId}/${takenQuizId}/download`,
  pdf: (quizId: number | string, takenQuizId: number) => `/teacher/quiz/${quizId}/${takenQuizId}/certificate.pdf`,
  email: (quizId: number | string, takenQuizId: number) => `/teacher/quiz/${quizId}/${takenQuizId}/email`,
  csv: (quizId: number | string) => `/teacher/quiz/${quizId}/viewStats.csv`,
  analysis: (quizId: number | string) => `/teacher/quiz/${quizId}/analysis`,
  view: (quizId: number | string) => `/teacher/quiz/${quizId}/view`,
  attempt: (quizId: number | string, takenQuizId: number) => `/teacher/quiz/${quizId}/attempt/${takenQuizId}`,
};

/** How often the rows refresh while an attempt is in progress (a teacher watching a sitting). */
export const LIVE_REFRESH_MS = 10_000;
/** How often they refresh otherwise, so that a sitting starting while the page is open shows up. */
export const IDLE_REFRESH_MS = 60_000;
