import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { listQuery } from "../listing/list-query";
import { FEEDBACK_SORT_FIELDS, FEEDBACK_STATUSES, type FeedbackStatus, MAX_FEEDBACK_SEARCH } from "./sort-fields";

export { FEEDBACK_SORT_FIELDS, FEEDBACK_STATUSES, MAX_FEEDBACK_SEARCH, type FeedbackSortField, type FeedbackStatus } from "./sort-fields";

const STATUS_CHOICE = "status must be Pending, Accepted or Rejected";
const feedbackId = z.coerce.number({ error: "feedbackId must be an id" }).int("feedbackId must be an id").positive("feedbackId must be an id");

export const FeedbackListQuery = listQuery({
  filter: z.object({
    search: z.string({ error: "search must be text" }).trim().max(MAX_FEEDBACK_SEARCH, `search must be at most ${MAX_FEEDBACK_SEARCH} characters`).optional(),
    questionId: z.coerce.number({ error: "questionId must be an id" }).int("questionId must be an id").positive("questionId must be an id").optional(),
    status: z.enum(FEEDBACK_STATUSES, { error: STATUS_CHOICE }).optional(),
  }),
  sortFields: FEEDBACK_SORT_FIELDS,
  defaultSortField: "date",
  defaultSortOrder: "desc",
});

export const FeedbackIdInput = z.object({ feedbackId }, { error: BODY_NOT_AN_OBJECT });

export const FeedbackStatusInput = z.object({ feedbackId, status: z.enum(FEEDBACK_STATUSES, { error: STATUS_CHOICE }) }, { error: BODY_NOT_AN_OBJECT });

/**
 * The decisions on a feedback (docs/decisions/0040): a Pending one is Accepted (the remark is
 * right; the question is or will be fixed) or Rejected (it is not); a decided one is only
 * reopened (back to Pending), so changing one's mind is a deliberate second step.
 */
export const FEEDBACK_TRANSITIONS: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  Pending: ["Accepted", "Rejected"],
  Accepted: ["Pending"],
  Rejected: ["Pending"],
};

export const FEEDBACK_DECISION_MESSAGES = {
  Accepted: "Feedback accepted",
  Rejected: "Feedback rejected",
  Pending: "Feedback reopened",
  reopenFirst: "This feedback is already decided: reopen it first",
} as const;

export const FeedbackEntitySchema = z
  .object({
    id: z.number().int(),
    feedbackId: z.number().int(),
    questionId: z.number().int(),
    feedbackText: z.string(),
    studentName: z.string(),
    studentEmail: z.string(),
    questionText: z.string(),
    status: z.enum(FEEDBACK_STATUSES),
    createdAt: z.number().int().openapi({ description: "Epoch ms" }),
    transitions: z.array(z.enum(FEEDBACK_STATUSES)).openapi({ description: "The statuses this feedback may be set to now" }),
  })
  .openapi("QuestionFeedback");
