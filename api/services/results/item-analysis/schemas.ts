import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../../core/coded";
import { ClassFilterField } from "../../classes/class-filter";
import type { QuestionType } from "../../marking/question-types";
import type { ResponseAnalysis } from "./response-analysis";
import type { ItemFlag } from "./thresholds";

/** decisions.md "Item analysis": POST /api/takenQuiz/itemAnalysis { quizId, classId? } (ADR 0080: the class's members only). */
export const ItemAnalysisInput = z.object(
  { quizId: z.coerce.number({ error: "quizId must be an id" }).pipe(z.number().int("quizId must be an id").positive("quizId must be an id")), classId: ClassFilterField },
  { error: BODY_NOT_AN_OBJECT },
);

export interface ItemOption {
  optionId: number;
  optionText: string;
  isCorrect: boolean;
  chosenCount: number;
}

export interface ItemQuestion {
  questionId: number;
  questionText: string;
  optionType: QuestionType;
  /** The question's mark (`defaultMark`). */
  mark: number;
  /** Finished attempts the indices count: all but those whose answer waits for a grader (ADR 0072). */
  attempts: number;
  /** Answers waiting for a grader (essays). */
  pending: number;
  /** Facility with partial credit: the mean fraction of the mark earned, 0–1; null without attempts counted. */
  facility: number | null;
  /** Corrected item–rest correlation on fractions, −1–1; null when undefined (ADR 0042, 0072). */
  discrimination: number | null;
  /** Choice types: each option with its choosers; [] for the other types. */
  options: ItemOption[];
  /** What students answered, per type (ADR 0072). */
  response: ResponseAnalysis;
  flags: ItemFlag[];
  /** Feedback on the question still Pending (the page links to it). */
  pendingFeedbackCount: number;
  /** A question of the quiz's draws: how many finished attempts drew it (ADR 0077); absent for the quiz's own questions. */
  drawn?: number;
}

export interface ScoreBin {
  /** Percentage range [from, to); the last bin includes 100. */
  from: number;
  to: number;
  count: number;
}

export interface ScoreDay {
  /** Day of the submission on the school's calendar (ItemAnalysis.timeZone), YYYY-MM-DD. */
  day: string;
  attempts: number;
  averagePercentage: number;
}

export interface ItemAnalysis {
  attempts: number;
  /** Mean percentage of the finished attempts; null without any. */
  averagePercentage: number | null;
  questions: ItemQuestion[];
  distribution: ScoreBin[];
  overTime: ScoreDay[];
  /** The IANA zone whose days `overTime` counts: the school's (ADR 0082), else the reader's on a page, else UTC. */
  timeZone: string;
}
