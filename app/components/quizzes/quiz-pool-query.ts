import { QUIZ_SORT_FIELDS } from "../../../api/services/quizzes/sort-fields";
import { type ListUrlState, readListUrl } from "../layout/list-url";

export type QuizSortField = (typeof QUIZ_SORT_FIELDS)[number];

export interface QuizPoolQuery extends ListUrlState<QuizSortField> {
  search: string;
}

/** The quiz pool's list state from its URL: a name search, sort (quiz name ascending by default) and page. */
export function readQuizPoolQuery(params: URLSearchParams): QuizPoolQuery {
  return { search: (params.get("search") ?? "").trim().slice(0, 200), ...readListUrl(params, QUIZ_SORT_FIELDS, { sortField: "quizName" }) };
}

/** Paths of a quiz's pages (spec 2.5). */
export const quizViewPath = (id: number) => `/teacher/quiz/${id}/view`;
export const quizStatsPath = (id: number) => `/teacher/quiz/${id}/viewStats`;
/** The teacher quiz pool and the wizard's child modals over it (spec 2.5). */
export const quizPoolPath = "/teacher/quizPool";
export const newQuizPath = `${quizPoolPath}/new`;
export const quizEditPath = (id: number) => `${quizPoolPath}/${id}/edit`;
