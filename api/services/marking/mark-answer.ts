import { type ChoiceKey, type ChoiceType, isChoiceAnswered, markChoice } from "./choice";
import { type ClozeIds, type ClozeKey, isClozeAnswered, markCloze } from "./cloze";
import { type EssayKey, hasEssayWord } from "./essay";
import { roundFraction } from "./fields";
import { isMatchingAnswered, markMatching, type MatchingIds, type MatchingKey } from "./matching";
import { isNumericalAnswered, markNumerical, type NumericalKey } from "./numerical";
import { isOrderingAnswered, markOrdering, type OrderingIds, type OrderingKey } from "./ordering";
import { readSavedAnswer } from "./saved-answer";
import { isShortAnswerAnswered, markShortAnswer, type ShortAnswerKey } from "./short-answer";

/**
 * One question as marking needs it: its type and key, and for the types whose parts the attempt
 * names by opaque ids (matching, ordering, dropdown gaps) the ids this attempt gave them; without
 * `ids`, parts are named by position ("0", "1", …).
 */
export type MarkingQuestion =
  | ({ optionType: ChoiceType } & ChoiceKey)
  | { optionType: "shortAnswer"; answerKey: ShortAnswerKey }
  | { optionType: "numerical"; answerKey: NumericalKey }
  | { optionType: "matching"; answerKey: MatchingKey; ids?: MatchingIds }
  | { optionType: "ordering"; answerKey: OrderingKey; ids?: OrderingIds }
  | { optionType: "cloze"; answerKey: ClozeKey; ids?: ClozeIds }
  | { optionType: "essay"; answerKey?: EssayKey };

/** decisions.md: `yes` full mark, `partial`, `no`, `pending` (awaiting a grader). */
export type MarkStatus = "yes" | "partial" | "no" | "pending";

/**
 * A question's marking: the fraction (0–1, kept to 7 decimals) of its mark, or null while a
 * person has to mark it; and whether anything was answered (an unanswered question is `no`
 * with 0, and ends a run of wrong answers: quiz-score.ts).
 */
export type Marking =
  | { fraction: number; status: "yes" | "partial" | "no"; answered: boolean }
  | { fraction: null; status: "pending"; answered: true };

const NOT_ANSWERED: Marking = { fraction: 0, status: "no", answered: false };

/** The marking of a fraction: whole is `yes`, nothing is `no`, anything between `partial`. */
export function markingOf(fraction: number): Marking {
  const kept = roundFraction(fraction);
  return { fraction: kept, status: kept === 1 ? "yes" : kept === 0 ? "no" : "partial", answered: true };
}

/**
 * The one entry point: a question and what the student saved for it (the decisions.md shape
 * of its type; undefined when nothing was saved) → the fraction of its mark. Pure and
 * synchronous, for submit, the deadline sweep, one-by-one Check, results, item analysis and
 * regrades alike. Whatever was saved is read defensively: an answer that does not have its
 * type's shape is marked as not answered, never thrown on (saved-answer.ts: by hand, the schema
 * behind it).
 */
export function markAnswer(question: MarkingQuestion, answer: unknown): Marking {
  if (answer === undefined || answer === null) return NOT_ANSWERED;
  switch (question.optionType) {
    case "radio":
    case "checkbox":
    case "trueFalse":
      // Read by hand, not by the schema: the exam grades every choice question of a sitting with it.
      if (!Array.isArray(answer) || !answer.every((id) => typeof id === "number") || !isChoiceAnswered(answer)) return NOT_ANSWERED;
      return markingOf(markChoice(question, answer as number[]));
    case "essay": {
      const html = (answer as { html?: unknown }).html;
      return typeof html === "string" && hasEssayWord(html) ? { fraction: null, status: "pending", answered: true } : NOT_ANSWERED;
    }
    case "shortAnswer": {
      const read = readSavedAnswer("shortAnswer", answer);
      return read !== undefined && isShortAnswerAnswered(read) ? markingOf(markShortAnswer(question.answerKey, read)) : NOT_ANSWERED;
    }
    case "numerical": {
      const read = readSavedAnswer("numerical", answer);
      return read !== undefined && isNumericalAnswered(read) ? markingOf(markNumerical(question.answerKey, read)) : NOT_ANSWERED;
    }
    case "matching": {
      const read = readSavedAnswer("matching", answer);
      return read !== undefined && isMatchingAnswered(read) ? markingOf(markMatching(question.answerKey, read, question.ids)) : NOT_ANSWERED;
    }
    case "ordering": {
      const read = readSavedAnswer("ordering", answer);
      return read !== undefined && isOrderingAnswered(read) ? markingOf(markOrdering(question.answerKey, read, question.ids)) : NOT_ANSWERED;
    }
    case "cloze": {
      const read = readSavedAnswer("cloze", answer);
      return read !== undefined && isClozeAnswered(read) ? markingOf(markCloze(question.answerKey, read, question.ids)) : NOT_ANSWERED;
    }
  }
}
