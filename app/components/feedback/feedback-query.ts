import { FEEDBACK_SORT_FIELDS, FEEDBACK_STATUSES, type FeedbackStatus, MAX_FEEDBACK_SEARCH } from "../../../api/services/feedback/sort-fields";
import { type ListUrlState, readListUrl } from "../layout/list-url";

export interface FeedbackQuery extends ListUrlState<(typeof FEEDBACK_SORT_FIELDS)[number]> {
  search: string;
  status: FeedbackStatus | "";
  /** One question's feedback (`?questionId=`, the item analysis links it), or null for all. */
  questionId: number | null;
}

/** The feedback page's URL (search, status, questionId, sort, order, page, size): anything odd falls back to the default. */
export function readFeedbackQuery(params: URLSearchParams): FeedbackQuery {
  const status = params.get("status") ?? "";
  const questionId = Number(params.get("questionId"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, MAX_FEEDBACK_SEARCH),
    status: (FEEDBACK_STATUSES as readonly string[]).includes(status) ? (status as FeedbackStatus) : "",
    questionId: Number.isSafeInteger(questionId) && questionId > 0 ? questionId : null,
    ...readListUrl(params, FEEDBACK_SORT_FIELDS, { sortField: "date", sortOrder: "desc" }),
  };
}

/** The verb's queryParams for a page query. */
export function feedbackListInput(query: FeedbackQuery) {
  return {
    queryParams: {
      filter: { search: query.search || undefined, status: query.status || undefined, questionId: query.questionId ?? undefined },
      sortField: query.sortField,
      sortOrder: query.sortOrder,
      pageNumber: query.page,
      pageSize: query.size,
    },
  };
}

export const feedbackListPath = "/teacher/feedback";
export const feedbackViewPath = (feedbackId: number) => `${feedbackListPath}/${feedbackId}/view`;
/** The bank's view dialog of a question (app/routes.ts questions/:id/view leads to it). */
export const questionInBankPath = (questionId: number) => `/teacher/questions/${questionId}/view`;
