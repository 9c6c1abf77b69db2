import type { z } from "@hono/zod-openapi";
import { ChoiceAnswer } from "./choice";
import { ClozeAnswer, ClozeKey } from "./cloze";
import { EssayAnswer, EssayKey } from "./essay";
import { MatchingAnswer, MatchingKey } from "./matching";
import { NumericalAnswer, NumericalKey } from "./numerical";
import { OrderingAnswer, OrderingKey } from "./ordering";
import type { KeyedType, QuestionType } from "./question-types";
import { ShortAnswerAnswer, ShortAnswerKey } from "./short-answer";

/**
 * Each type's schemas by its `optionType`, for the doors that take them: the editor and the
 * imports check an author's `answerKey` with `ANSWER_KEY_SCHEMAS[type]`, the exam's save,
 * check and submit a student's `answer` with `ANSWER_SCHEMAS[type]` (decisions.md shapes).
 */
export const ANSWER_KEY_SCHEMAS = {
  shortAnswer: ShortAnswerKey,
  numerical: NumericalKey,
  matching: MatchingKey,
  ordering: OrderingKey,
  cloze: ClozeKey,
  essay: EssayKey,
} as const satisfies Record<KeyedType, z.ZodType>;

export const ANSWER_SCHEMAS = {
  radio: ChoiceAnswer,
  checkbox: ChoiceAnswer,
  trueFalse: ChoiceAnswer,
  shortAnswer: ShortAnswerAnswer,
  numerical: NumericalAnswer,
  matching: MatchingAnswer,
  ordering: OrderingAnswer,
  cloze: ClozeAnswer,
  essay: EssayAnswer,
} as const satisfies Record<QuestionType, z.ZodType>;

export type AnswerKeyOf<T extends KeyedType> = z.output<(typeof ANSWER_KEY_SCHEMAS)[T]>;
export type AnswerOf<T extends QuestionType> = z.output<(typeof ANSWER_SCHEMAS)[T]>;
