import { STUDENT_QUIZ_SORT_FIELDS } from "../../../api/services/student-quizzes/schemas";
import { type ListUrlState, readListUrl } from "../layout/list-url";

export type StudentQuizSortField = (typeof STUDENT_QUIZ_SORT_FIELDS)[number];

export interface StudentPoolQuery extends ListUrlState<StudentQuizSortField> {
  search: string;
}

/** The student's pool state from its URL: a name search, sort (quiz name ascending by default) and page. */
export function readStudentPoolQuery(params: URLSearchParams): StudentPoolQuery {
  return { search: (params.get("search") ?? "").trim().slice(0, 200), ...readListUrl(params, STUDENT_QUIZ_SORT_FIELDS, { sortField: "quizName" }) };
}

/** Spec 2.4: where a quiz is taken, and where a student subscribes. */
export const takeQuizPath = (id: number) => `/student/quizPool/${id}/take`;
export const subscriptionPath = "/student/subscription";
