import { z } from "@hono/zod-openapi";
import { CLOZE_GAP_KINDS } from "../services/marking/cloze";
import { QUESTION_TYPES } from "../services/marking/question-types";

/**
 * OpenAPI shapes of every question type as the exam and the results send them (decisions.md
 * "Question types, marking and exchange"): the key-free view a student answers with
 * (api/services/attempts/answer-view.ts) and an answer of any type.
 */

export const QuestionTypeEnum = z.enum(QUESTION_TYPES);

const Part = z.object({ id: z.string().openapi({ description: "This attempt's own id of the part (opaque; the order shown is the attempt's own)" }), text: z.string() });

/** The fields a question of a type without options adds to the paper (never any part of its key). */
export const AnswerViewFields = {
  defaultMark: z.number().openapi({ description: "decisions.md defaultMark: what the question is worth (0.5-100)" }),
  stems: z.array(Part).optional().openapi({ description: "matching: the stems to pair, shuffled" }),
  choices: z.array(Part).optional().openapi({ description: "matching: the answers to pair them with (the right ones and the distractors), shuffled" }),
  items: z.array(Part).optional().openapi({ description: "ordering: the items to put in order, shuffled" }),
  gaps: z
    .array(z.object({ kind: z.enum(CLOZE_GAP_KINDS), choices: z.array(Part).optional().openapi({ description: "A dropdown gap's choices, shuffled" }) }))
    .optional()
    .openapi({ description: "cloze: the gaps {1}, {2}… of questionText, in order" }),
  units: z.array(z.string()).optional().openapi({ description: "numerical: the units an answer may be given in" }),
  minWords: z.number().int().optional().openapi({ description: "essay: word limits" }),
  maxWords: z.number().int().optional(),
  responseTemplate: z.string().optional().openapi({ description: "essay: the text the answer starts from (sanitised HTML)" }),
};

/**
 * An answer of any type (decisions.md "Answers"): `[optionId, …]` for radio, checkbox and
 * trueFalse; `{ text }`, `{ value, unit? }`, `{ pairs: [{ stemId, choiceId }] }`, `{ order }`,
 * `{ gaps }` or `{ html }` for the others. Each is checked against its question's type.
 */
export const AnyAnswer = z
  .union([z.array(z.number().int()), z.record(z.string(), z.unknown())])
  .openapi({ description: "[optionId, …] (choice types) or the type's own object: { text }, { value, unit? }, { pairs: [{ stemId, choiceId }] }, { order: [itemId, …] }, { gaps: [string, …] }, { html }" });
