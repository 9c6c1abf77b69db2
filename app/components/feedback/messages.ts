import type { CodeKeys } from "../../utils/message-codes";

/**
 * The teacher's decision on a feedback (docs/decisions/0040): its answer in the teacher's
 * language by its code (api/services/message-codes.ts, docs/decisions/0061); anything else as sent.
 */
export const FEEDBACK_DECISION_CODE_KEYS: CodeKeys = {
  FEEDBACK_ACCEPTED: "feedback:decided.Accepted",
  FEEDBACK_REJECTED: "feedback:decided.Rejected",
  FEEDBACK_REOPENED: "feedback:decided.Pending",
  FEEDBACK_REOPEN_FIRST: "feedback:reopenFirst",
};
