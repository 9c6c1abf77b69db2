import { type ClozeKey, markGap } from "../marking/cloze";
import type { EssayKey } from "../marking/essay";
import type { NumericalKey } from "../marking/numerical";
import type { ShortAnswerKey } from "../marking/short-answer";
import type { AttemptPartIds } from "../attempts/part-ids";
import type { QuestionKey } from "../attempts/scoring";

/** An accepted answer as a review lists it: a text (short answer) or a value within a tolerance (numerical), with its credit in %. */
export type AcceptedAnswer = { text: string; credit: number } | { value: number; tolerance: number; credit: number };

/** A rubric level a grader chose, in words: the criterion, the level's label and its points. */
export interface ChosenRubricLevel {
  criterion: string;
  level: string;
  points: number;
}

/**
 * What a review shows beside `rightAnswer` once the key may be seen (issue 26 point 7, ADR
 * 0071): a short answer's or a number's accepted answers with their credit (and the units a
 * number may be given in, with the one that is required), and each cloze gap's fraction, which
 * only the server can tell (wildcards, tolerance, case). Part of the key: the caller adds these
 * only when `answerReview.shown`.
 */
export interface ReviewExtras {
  acceptedAnswers?: AcceptedAnswer[];
  caseSensitive?: boolean;
  acceptedUnits?: { unit: string; multiplier: number }[];
  unitRequired?: boolean;
  /** Cloze: the fraction (0–1) each gap earned, by gap number. */
  gapFractions?: number[];
}

export function reviewExtrasOf(question: QuestionKey, response: unknown, partIds: AttemptPartIds): ReviewExtras {
  const key = question.answerKey;
  if (key === undefined || key === null) return {};
  switch (question.optionType) {
    case "shortAnswer": {
      const shortAnswer = key as ShortAnswerKey;
      return { acceptedAnswers: shortAnswer.answers.map(({ text, credit }) => ({ text, credit })), caseSensitive: shortAnswer.caseSensitive };
    }
    case "numerical": {
      const numerical = key as NumericalKey;
      return {
        acceptedAnswers: numerical.answers.map(({ value, tolerance, credit }) => ({ value, tolerance, credit })),
        acceptedUnits: numerical.units.map(({ unit, multiplier }) => ({ unit, multiplier })),
        unitRequired: numerical.unitRequired,
      };
    }
    case "cloze": {
      const cloze = key as ClozeKey;
      const ids = partIds.cloze(question.id, cloze);
      const typed = isGapsAnswer(response) ? response.gaps : [];
      return { gapFractions: cloze.gaps.map((gap, g) => markGap(gap, typed[g], ids.choiceIds[g])) };
    }
    default:
      return {};
  }
}

const isGapsAnswer = (response: unknown): response is { gaps: string[] } =>
  typeof response === "object" && response !== null && Array.isArray((response as { gaps?: unknown }).gaps) && (response as { gaps: unknown[] }).gaps.every((gap) => typeof gap === "string");

/**
 * The rubric levels a grader chose (stored by position: `[{ criterion, level }]`) in the
 * rubric's words; positions the rubric no longer has are left out. Rubric words are part of
 * the key: the caller adds these only when the key may be seen.
 */
export function chosenRubricLevels(question: QuestionKey, stored: readonly { criterion: number; level: number }[] | null): ChosenRubricLevel[] | undefined {
  const rubric = question.optionType === "essay" ? (question.answerKey as EssayKey | undefined)?.rubric : undefined;
  if (!rubric || !stored || stored.length === 0) return undefined;
  return stored.flatMap(({ criterion, level }) => {
    const chosen = rubric[criterion]?.levels[level];
    return chosen ? [{ criterion: rubric[criterion].criterion, level: chosen.label, points: chosen.points }] : [];
  });
}
