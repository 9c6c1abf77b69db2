import { z } from "@hono/zod-openapi";
import { OPTION_TYPES } from "../../../db/schema/questions";
import { NAME_LIMITS } from "../categories/schemas";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { type FieldSayings, zodFieldSayings } from "../core/errors";
import { singleLine } from "../core/single-line";
import { listQuery } from "../listing/list-query";
import { mathsToSource } from "../maths/render-tex";
import { TrueFalseOptions } from "../marking/choice";
import { clozeTextFits, clozeTextMessage } from "../marking/cloze";
import { defaultMark, said } from "../marking/fields";
import { isKeyedType } from "../marking/question-types";
import { ANSWER_KEY_SCHEMAS, type AnswerKeyOf } from "../marking/schemas";
import type { AnswerKey } from "./stored-answer-key";
import { sanitiseExplanation } from "./sanitise-explanation";
import { QUESTION_SORT_FIELDS } from "./sort-fields";

/**
 * The rules of a question (spec 5, 9), in one place for every door: the API, the editor's
 * form and the CSV/GIFT import all call `validateQuestion`, which answers field errors keyed
 * by full path (`options.2.optionText`), or the clean question ready to store (trimmed text,
 * de-duplicated tags, sanitised explanation).
 */
export const QUESTION_LIMITS = {
  questionText: 2000,
  optionText: 500,
  /** After sanitising: what is stored and sent to every student. */
  explanation: 20_000,
  /**
   * Before sanitising: bounds the sanitiser's work on the event loop (issue 25 point 17: at
   * 100,000 characters of markup it took 0.35 to 1.5 s of CPU). The stored limit and a quarter
   * more for what sanitising drops (attributes, scripts, comments); docs/decisions/0057.
   */
  explanationRaw: 25_000,
  minOptions: 2,
  maxOptions: 5,
  maxTags: 6,
  tagLength: 50,
  imageKey: 512,
} as const;

// Spec 5's alerts ('fields empty', 'option values empty', 'option checks empty') as one
// message per field, so the form and the import summary can say which field is wrong.
export const QUESTION_MESSAGES = {
  questionTextRequired: "Question text is required",
  questionTextLength: `Question text must be at most ${QUESTION_LIMITS.questionText} characters`,
  optionTypeRequired: `Question type is required: one of ${OPTION_TYPES.join(", ")}`,
  explanationRequired: "Answer explanation is required",
  explanationLength: `Answer explanation must be at most ${QUESTION_LIMITS.explanation} characters`,
  optionsCount: `A question needs ${QUESTION_LIMITS.minOptions} to ${QUESTION_LIMITS.maxOptions} options`,
  optionEmpty: "Option value is empty: every option needs text",
  optionLength: `An option must be at most ${QUESTION_LIMITS.optionText} characters`,
  optionStatus: "optionStatus must be true or false",
  radioChecks: "Option checks empty: mark exactly one option as correct",
  checkboxChecks: "Option checks empty: mark more than one option, but not all, as correct",
  tooManyTags: `At most ${QUESTION_LIMITS.maxTags} tags`,
  tagLength: `A tag must be 1 to ${QUESTION_LIMITS.tagLength} characters`,
  imageKey: "Image key must be text",
} as const;

/** The code of each rule's text (api/services/message-codes.ts); the import's reasons are named by the same keys. */
export const QUESTION_CODES = {
  questionTextRequired: "QUESTION_TEXT_REQUIRED",
  questionTextLength: "QUESTION_TEXT_TOO_LONG",
  optionTypeRequired: "QUESTION_OPTION_TYPE_REQUIRED",
  explanationRequired: "QUESTION_EXPLANATION_REQUIRED",
  explanationLength: "QUESTION_EXPLANATION_TOO_LONG",
  optionsCount: "QUESTION_OPTIONS_COUNT",
  optionEmpty: "QUESTION_OPTION_EMPTY",
  optionLength: "QUESTION_OPTION_TOO_LONG",
  optionStatus: "QUESTION_OPTION_STATUS_INVALID",
  radioChecks: "QUESTION_RADIO_CHECKS",
  checkboxChecks: "QUESTION_CHECKBOX_CHECKS",
  tooManyTags: "QUESTION_TOO_MANY_TAGS",
  tagLength: "QUESTION_TAG_LENGTH",
  imageKey: "QUESTION_IMAGE_KEY_INVALID",
} as const satisfies Record<keyof typeof QUESTION_MESSAGES, string>;

/**
 * What the checks give zod: each rule said by its code (ADR 0061), so the editor and the
 * imports read the code where the rule is made, never a code worked out of its English text.
 */
export const QUESTION_SAYINGS = Object.fromEntries(Object.entries(QUESTION_CODES).map(([rule, code]) => [rule, schemaMessage(code)])) as Record<keyof typeof QUESTION_CODES, string>;
const M = QUESTION_SAYINGS;

const categoryName = (what: "CATEGORY" | "COURSE") => {
  const required = schemaMessage(`${what}_REQUIRED`);
  return z.string({ error: required }).trim().min(1, required).max(NAME_LIMITS.max, schemaMessage(`${what}_NAME_LENGTH`));
};

const imageKey = z.string({ error: M.imageKey }).trim().max(QUESTION_LIMITS.imageKey, M.imageKey).nullish().transform((key) => key || null);

export const OptionInput = z.object(
  {
    optionText: z.string({ error: M.optionEmpty }).trim().min(1, M.optionEmpty).max(QUESTION_LIMITS.optionText, M.optionLength),
    optionStatus: z.boolean({ error: M.optionStatus }).default(false),
  },
  { error: M.optionEmpty },
);

const tagList = z
  .array(singleLine(z.string({ error: M.tagLength }).max(QUESTION_LIMITS.tagLength * 4, M.tagLength)), { error: "tags must be a list of names" })
  // Bounded before the transform, so a list of 100,000 tags is refused without work.
  .max(QUESTION_LIMITS.maxTags * 4, M.tooManyTags)
  .default([])
  .transform((tags, ctx) => {
    const seen = new Map<string, string>();
    for (const raw of tags) {
      const tag = raw.trim();
      if (!tag) continue; // "a;;b" in an import means two tags, not an error
      if (tag.length > QUESTION_LIMITS.tagLength) ctx.addIssue({ code: "custom", message: M.tagLength });
      if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
    }
    if (seen.size > QUESTION_LIMITS.maxTags) ctx.addIssue({ code: "custom", message: M.tooManyTags });
    return [...seen.values()];
  })
  .openapi({ description: `At most ${QUESTION_LIMITS.maxTags} distinct tags (trimmed, compared without regard to case), each 1 to ${QUESTION_LIMITS.tagLength} characters` });

const explanation = z
  .string({ error: M.explanationRequired })
  // Formulas rendered before (an API client sending back what it read) count as their TeX
  // source: saving a saved explanation again is the same explanation (docs/decisions/0066).
  // Bounded first: turning them back is a linear scan, but of at most this much.
  .max(QUESTION_LIMITS.explanationRaw * 10, M.explanationLength)
  .transform(mathsToSource)
  .pipe(z.string().max(QUESTION_LIMITS.explanationRaw, M.explanationLength))
  .transform(sanitiseExplanation)
  .pipe(z.string().min(1, M.explanationRequired).max(QUESTION_LIMITS.explanation, M.explanationLength));

/** Whether an issue sits at one of these top-level fields (or on the whole body). */
const issueAt =
  (...fields: string[]) =>
  ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    issues.some(({ path = [] }) => path.length === 0 || fields.includes(String(path[0])));

const QuestionFields = z.object(
  {
    questionText: z
      .string({ error: M.questionTextRequired })
      .trim()
      .min(1, M.questionTextRequired)
      .max(QUESTION_LIMITS.questionText, M.questionTextLength),
    questionImage: imageKey,
    image: imageKey,
    optionType: z.enum(OPTION_TYPES, { error: M.optionTypeRequired }),
    // The choice types' options; the other types have none (their key is `answerKey`).
    options: z.array(OptionInput, { error: M.optionsCount }).max(QUESTION_LIMITS.maxOptions, M.optionsCount).default([]),
    // Checked by the type's own schema below (ANSWER_KEY_SCHEMAS), so its messages are the type's.
    answerKey: z.unknown().optional().openapi({
      type: "object",
      description:
        "The key of shortAnswer, numerical, matching, ordering, cloze and essay questions, in the shape decisions.md pins for the type; absent or null for radio, checkbox and trueFalse",
    }),
    defaultMark,
    category: categoryName("CATEGORY"),
    course: categoryName("COURSE"),
    tags: tagList,
    answerExplaination: explanation,
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const QuestionInput = QuestionFields
  // The choice types: 2 to 5 options, the right ones checked as the type wants. Checked as soon
  // as the type and the options themselves are valid, even while other fields are still wrong,
  // so the form shows every error at once.
  .superRefine(
    (question, ctx) => {
      if (isKeyedType(question.optionType)) return;
      if (question.answerKey != null) ctx.addIssue({ code: "custom", path: ["answerKey"], message: said("ANSWER_KEY_SHAPE") });
      const { options } = question;
      if (options.length < QUESTION_LIMITS.minOptions) return ctx.addIssue({ code: "custom", path: ["options"], message: M.optionsCount });
      const checked = options.filter((option) => option.optionStatus).length;
      if (question.optionType === "trueFalse") {
        const fits = TrueFalseOptions.safeParse(options);
        if (!fits.success) ctx.addIssue({ code: "custom", path: ["options"], message: fits.error.issues[0].message });
      } else if (question.optionType === "radio" ? checked !== 1 : checked < 2 || checked === options.length) {
        ctx.addIssue({ code: "custom", path: ["options"], message: question.optionType === "radio" ? M.radioChecks : M.checkboxChecks });
      }
    },
    { when: (payload) => !issueAt("options", "optionType")(payload) },
  )
  // The other types: no options, and a key that fits the type (each refusal at its own path,
  // `answerKey.pairs.1.stem`); a cloze text holds exactly the key's gaps.
  .superRefine(
    (question, ctx) => {
      if (!isKeyedType(question.optionType)) return;
      if (question.options.length > 0) ctx.addIssue({ code: "custom", path: ["options"], message: schemaMessage("QUESTION_OPTIONS_NOT_FOR_TYPE") });
      const key = ANSWER_KEY_SCHEMAS[question.optionType].safeParse(question.answerKey ?? undefined);
      if (!key.success) {
        for (const issue of key.error.issues) ctx.addIssue({ code: "custom", path: ["answerKey", ...issue.path.map(String)], message: issue.message });
        return;
      }
      if (question.optionType === "cloze" && typeof question.questionText === "string") {
        const cloze = key.data as AnswerKeyOf<"cloze">;
        if (!clozeTextFits(question.questionText, cloze)) ctx.addIssue({ code: "custom", path: ["questionText"], message: clozeTextMessage(cloze) });
      }
    },
    { when: (payload) => !issueAt("optionType")(payload) },
  )
  .transform(({ answerKey, options, ...question }) => {
    if (!isKeyedType(question.optionType)) return { ...question, options, answerKey: null };
    // Parsed again for its output (trimmed, defaults, sanitised HTML): the check above passed.
    return { ...question, options: [], answerKey: ANSWER_KEY_SCHEMAS[question.optionType].parse(answerKey) as AnswerKey };
  });
export type QuestionInput = z.input<typeof QuestionInput>;
export type ValidQuestion = z.output<typeof QuestionInput>;

/** The spec's aliases (questionCategory, questionCourse) are accepted for category and course. */
function withAliases(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const record = input as Record<string, unknown>;
  return { ...record, category: record.category ?? record.questionCategory, course: record.course ?? record.questionCourse };
}

/** The request body of create (and, with questionId, update): the aliases, then the rules. */
export const QuestionBody = z.preprocess(withAliases, QuestionInput);

export type QuestionValidation = { success: true; data: ValidQuestion } | { success: false; errors: FieldSayings };

/**
 * Every rule of a question at once; errors keyed by full path, the first per path, each said
 * by its code and rendered in English (a rule without a code, as written).
 */
export function validateQuestion(input: unknown): QuestionValidation {
  const result = QuestionInput.safeParse(withAliases(input));
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: zodFieldSayings(result.error) };
}

const questionId = z.coerce
  .number({ error: "questionId must be a number" })
  .int("questionId must be a whole number")
  .positive("questionId must be a positive number")
  .max(Number.MAX_SAFE_INTEGER, "questionId must be a positive number");

export const QuestionIdInput = z.object({ questionId }, { error: BODY_NOT_AN_OBJECT });

/** Update: the id plus the whole question (the editor always sends every field). */
export const QuestionUpdateInput = z.object({ questionId }, { error: BODY_NOT_AN_OBJECT }).loose();
export const QuestionUpdateBody = z.preprocess(withAliases, QuestionInput.and(z.object({ questionId })));

export const RandomQuestionsInput = z.object(
  {
    category: categoryName("CATEGORY"),
    course: categoryName("COURSE"),
    tags: z.array(z.string({ error: M.tagLength }).trim().max(QUESTION_LIMITS.tagLength, M.tagLength)).max(QUESTION_LIMITS.maxTags, M.tooManyTags).optional(),
  },
  { error: BODY_NOT_AN_OBJECT },
);

/** The bank of one category and course (spec 2.5, 9): text ascending, 10 to a page by default. */
export { QUESTION_SORT_FIELDS };
export const QuestionListQuery = listQuery({
  filter: z.object({
    category: categoryName("CATEGORY"),
    course: categoryName("COURSE"),
    search: z.string({ error: "filter.search must be text" }).trim().max(QUESTION_LIMITS.questionText, M.questionTextLength).optional(),
    tag: z.string({ error: "filter.tag must be text" }).trim().max(QUESTION_LIMITS.tagLength, M.tagLength).optional(),
    optionType: z.enum(OPTION_TYPES, { error: M.optionTypeRequired }).optional(),
  }),
  sortFields: QUESTION_SORT_FIELDS,
});
export type QuestionListQuery = z.input<typeof QuestionListQuery>;

/** The business's tags for the editor's suggestions and the bank's tag filter. */
export const TagListQuery = listQuery({
  filter: z.object({ name: z.string({ error: "filter.name must be text" }).trim().max(QUESTION_LIMITS.tagLength, M.tagLength).optional() }),
  sortFields: ["name"],
  defaultPageSize: 100,
});
export type TagListQuery = z.input<typeof TagListQuery>;
