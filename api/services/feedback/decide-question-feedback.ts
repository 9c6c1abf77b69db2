import { and, eq } from "drizzle-orm";
import { questionFeedback } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { type FeedbackEntity, toFeedbackEntity } from "./feedback-entity";
import { loadReadableFeedback } from "./read-question-feedback";
import { say, type SaidAs } from "../message-codes";
import type { FeedbackStatus } from "./sort-fields";
import { FEEDBACK_TRANSITIONS, FeedbackStatusInput } from "./schemas";

/** What each decision answers, by code. */
const DECIDED = { Accepted: "FEEDBACK_ACCEPTED", Rejected: "FEEDBACK_REJECTED", Pending: "FEEDBACK_REOPENED" } as const satisfies Record<FeedbackStatus, string>;
type Decided = (typeof DECIDED)[FeedbackStatus];

/**
 * POST /api/feedback/update { feedbackId, status } (decisions.md "Bulk status"): the question's
 * author or the owner accepts, rejects or reopens a feedback along FEEDBACK_TRANSITIONS. The
 * status it already has is a no-op success (a double click); any other step is a 409 that
 * changes nothing. The write is conditional on the status read, so two teachers deciding at
 * once cannot both win: the second sees the first's decision.
 */
export async function decideQuestionFeedback(services: AppServices, caller: Caller, input: unknown): Promise<SaidAs<Decided> & { entity: FeedbackEntity }> {
  assertAuthor(caller);
  const { feedbackId, status } = FeedbackStatusInput.parse(input);
  const row = await loadReadableFeedback(services, caller, feedbackId);
  if (row.status === status) return { ...say(DECIDED[status]), entity: toFeedbackEntity(row) };
  if (!FEEDBACK_TRANSITIONS[row.status].includes(status)) throw new Conflict(say("FEEDBACK_REOPEN_FIRST"));
  const changed = await services.db
    .update(questionFeedback)
    .set({ status })
    .where(and(eq(questionFeedback.id, feedbackId), eq(questionFeedback.status, row.status)))
    .returning({ id: questionFeedback.id });
  if (changed.length === 0) {
    // Someone else decided in between: answer from what is stored now.
    const now = await loadReadableFeedback(services, caller, feedbackId);
    if (now.status !== status) throw new Conflict(say("FEEDBACK_REOPEN_FIRST"));
    return { ...say(DECIDED[status]), entity: toFeedbackEntity(now) };
  }
  return { ...say(DECIDED[status]), entity: toFeedbackEntity({ ...row, status }) };
}
