import { CHOICE_TYPES } from "./choice";

/** decisions.md "Question types": every `optionType`, the choice types first. */
export const QUESTION_TYPES = [...CHOICE_TYPES, "shortAnswer", "numerical", "matching", "ordering", "cloze", "essay"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The types whose key is `answerKey` (authors only, like `optionStatus`); the choice types keep `options`. */
export const KEYED_TYPES = ["shortAnswer", "numerical", "matching", "ordering", "cloze", "essay"] as const satisfies readonly QuestionType[];
export type KeyedType = (typeof KEYED_TYPES)[number];

export const isKeyedType = (type: QuestionType): type is KeyedType => (KEYED_TYPES as readonly string[]).includes(type);
