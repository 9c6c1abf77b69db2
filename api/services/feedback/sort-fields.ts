import type { ResultStatus } from "../../../db/schema/attempts";

/**
 * What the feedback list may be sorted and filtered by (its own module: the UI imports it
 * without the schemas, so zod stays out of the browser bundle).
 */
export const FEEDBACK_SORT_FIELDS = ["date", "status", "studentName"] as const;
export type FeedbackSortField = (typeof FEEDBACK_SORT_FIELDS)[number];
/** The feedback row's statuses (db/schema/feedback.ts uses RESULT_STATUSES), spelled out so no schema code ships. */
export const FEEDBACK_STATUSES = ["Pending", "Accepted", "Rejected"] as const satisfies readonly ResultStatus[];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const MAX_FEEDBACK_SEARCH = 200;
