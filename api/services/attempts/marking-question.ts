import type { ClozeKey } from "../marking/cloze";
import type { EssayKey } from "../marking/essay";
import type { MarkingQuestion } from "../marking/mark-answer";
import type { MatchingKey } from "../marking/matching";
import type { NumericalKey } from "../marking/numerical";
import type { OrderingKey } from "../marking/ordering";
import type { QuestionType } from "../marking/question-types";
import type { ShortAnswerKey } from "../marking/short-answer";
import type { AttemptPartIds } from "./part-ids";
import type { QuestionKey } from "./scoring";

/**
 * The one read of the stored `option_type` column as the marking engine's type. Authoring
 * (db/schema/questions.ts `OPTION_TYPES`) is being widened to every type; until it is, the
 * column's declared type names only radio and checkbox, and this is the one narrow cast.
 */
export const storedQuestionType = (stored: string): QuestionType => stored as QuestionType;

/**
 * A question of the attempt as the marking engine takes it: its type, its key (the options'
 * right ids, or the parsed `answerKey`) and the ids this attempt gave its parts (part-ids.ts).
 * Null for a question of a keyed type whose stored key could not be read (answer-key.ts logs
 * it): nothing can be earned on it, and no answer to it throws.
 */
export function markingQuestionOf(question: QuestionKey, partIds: AttemptPartIds | undefined): MarkingQuestion | null {
  const { optionType, answerKey } = question;
  switch (optionType) {
    case "radio":
    case "checkbox":
    case "trueFalse":
      return { optionType, correctOptionIds: question.correctOptionIds };
    case "essay":
      return { optionType, answerKey: answerKey as EssayKey | undefined };
  }
  if (answerKey === undefined || answerKey === null) return null;
  switch (optionType) {
    case "shortAnswer":
      return { optionType, answerKey: answerKey as ShortAnswerKey };
    case "numerical":
      return { optionType, answerKey: answerKey as NumericalKey };
    case "matching":
      return { optionType, answerKey: answerKey as MatchingKey, ids: partIds?.matching(question.id, answerKey as MatchingKey) };
    case "ordering":
      return { optionType, answerKey: answerKey as OrderingKey, ids: partIds?.ordering(question.id, answerKey as OrderingKey) };
    case "cloze":
      return { optionType, answerKey: answerKey as ClozeKey, ids: partIds?.cloze(question.id, answerKey as ClozeKey) };
  }
}
