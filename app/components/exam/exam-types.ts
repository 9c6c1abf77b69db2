/** The exam API's shapes as the browser uses them (api/services/attempts, decisions.md "Taking"). */
// Types only (erased at build): the browser uses the exam API's own shapes, not copies of them.
import type { StartedExam } from "../../../api/services/attempts/start-quiz";

export type { StartedExam };
export type ExamQuestion = StartedExam["questions"][number];
export type ExamOption = ExamQuestion["options"][number];

import type { AnswerValue } from "./answer-value";

/** One question's answer in the browser: the chosen options or the typed answer, and the review mark. */
export interface LocalAnswer {
  answer: AnswerValue;
  markedForReview: boolean;
}

export type { TakenQuizObject } from "../../../api/services/attempts/answer-all";
