import { z } from "@hono/zod-openapi";
import { QUIZ_LEVELS, QUIZ_STATUSES, QUIZ_TIME_TYPES, QUIZ_TYPES, SHOW_ANSWER_TIMINGS } from "../../../db/schema/quizzes";
import { NAME_LIMITS } from "../categories/schemas";
import { singleLine } from "../core/single-line";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { listQuery } from "../listing/list-query";
import { QUIZ_SORT_FIELDS } from "./sort-fields";

/**
 * The quiz API's input, in the spec's names (spec 3, 5, 8). Two schemas share one set of
 * field definitions: `QuizPatch` (every field optional: what a request may carry, checked
 * for type and range) and `QuizComplete` (the merged, policy-applied quiz that is about to
 * be stored: required fields and the rules between fields). Field errors are keyed by the
 * field's name and carry the spec's texts verbatim where it has one.
 */

// Spec 5 and 8, verbatim.
export const MESSAGES = {
  categoryRequired: "Category is required",
  courseRequired: "Course is required",
  timeRequired: "Time is required",
  attemptsRequired: "No of attempts is required",
  statusRequired: "Quiz status is required",
  allowSkipRequired: "Allow skip is required",
  takeBestScoreRequired: "Take Best Score is required",
  negativeMarkingRequired: "Negative Marking is required",
  timeTypeRequired: "Quiz time type is required",
  startDateRequired: "Start date is required for date range",
  endDateRequired: "End date is required for date range",
  startAfterEnd: "Start date must not be greater than end date",
  wrongAnswersRequired: "Please provide number of wrong answers for negative marking",
  noQuestions: "You did not select any questions. You need to select atleast one question.",
  // Spec 8's texts with numbers: templates, said by code with their values (ADR 0061).
  tooManyQuestions: "Total questions cannot be more than {{n}}",
  countMismatch: "You set total questions : {{n}} but you have selected only {{m}}. Please select accordingly.",
  oneQuizShouldRemain: "one quiz should remain",
  notEditable: "Sorry, the quiz is taken by one or more students and is not editable",
  questionsNotEditable: "Sorry, the quiz is taken by one or more students, so editing questions is not allowed",
  notDeletable: "Sorry! the quiz is taken by one or more students and is not deleteable",
  added: "Quiz Added",
  updated: "Quiz Updated",
  deleted: "Quiz deleted",
} as const;

// Our own texts, where the spec has none.
export const OWN_MESSAGES = {
  quizNameRequired: "Quiz name is required",
  quizDescriptionRequired: "Quiz description is required",
  minimum: "Minimum 2 symbols",
  maximum: `Maximum ${500} symbols`,
  levelRequired: "Level is required",
  levelInvalid: "Level must be Easy, Moderate or Hard",
  totalQuestionInvalid: "Total questions must be a whole number from 1 to 100",
  timeInvalid: "Time must be a whole number of minutes from 1 to 100, or -1 for no limit",
  attemptsInvalid: "No of attempts must be a whole number from 1 to 100",
  statusInvalid: "Quiz status must be Draft, Published or DateRange",
  yesNo: (label: string) => `${label} must be Yes or No`,
  timeTypeInvalid: "Quiz time type must be Quiz or Question",
  dateInvalid: (label: string) => `${label} must be a time in epoch seconds`,
  wrongAnswersInvalid: "The number of wrong answers must be a whole number from 0 to 100",
  passwordTooLong: "The quiz password must be at most 100 characters",
  premiumInvalid: "isPremium must be true or false",
  quizTypeInvalid: "quizType must be questions or quizzes",
  idList: (label: string) => `${label} must be a list of ids`,
  tooManyIds: (label: string) => `${label} may hold at most ${MAX_VISIBILITY_IDS} ids`,
  categoryLength: `Category must be ${NAME_LIMITS.min} to ${NAME_LIMITS.max} characters`,
  courseLength: `Course must be ${NAME_LIMITS.min} to ${NAME_LIMITS.max} characters`,
  unknownCategoryCourse: "This category and course do not exist in your business",
  unknownQuestions: "Some selected questions are not found",
  unknownQuizzes: "Some selected quizzes are not found",
  notFromSources: "Selected questions must come from the selected quizzes",
  unknownProfiles: "Some selected profiles are not found",
  unknownDepartments: "Some selected departments are not found",
  quizIdRequired: "quizId is required",
  quizIdInvalid: "quizId must be a quiz id",
  showAnswerTimingRequired: "Show answer timing is required",
  showAnswerTimingInvalid: `Show answer timing must be one of ${SHOW_ANSWER_TIMINGS.join(", ")}`,
  afterQuizClosesNeedsDateRange: "Right answers can be shown after the quiz closes only for a quiz with a date range: set the status to DateRange with an end date, or choose another time",
} as const;

/** Draws per quiz (ADR 0077), a tag's length (spec 9: tags as the bank keeps them). */
export const MAX_DRAWS = 10;
export const MAX_DRAW_TAG = 50;
/** Questions a draw may ask for (a quiz holds at most MAX_QUESTIONS in all). */
const MAX_QUESTIONS_OF_DRAWS = 100;

/**
 * What the checks below give zod: the texts above said by their code (ADR 0061), so a field's
 * error reaches the page as its code and an English text rendered from the catalogue's
 * template (api/services/message-codes.ts), never as a text a code is worked out of. The texts
 * no page shows (a request only an API client makes) stay plain, with the status's code.
 */
const SAID = {
  categoryRequired: schemaMessage("QUIZ_CATEGORY_REQUIRED"),
  courseRequired: schemaMessage("QUIZ_COURSE_REQUIRED"),
  timeRequired: schemaMessage("QUIZ_TIME_REQUIRED"),
  attemptsRequired: schemaMessage("QUIZ_ATTEMPTS_REQUIRED"),
  statusRequired: schemaMessage("QUIZ_STATUS_REQUIRED"),
  allowSkipRequired: schemaMessage("QUIZ_ALLOW_SKIP_REQUIRED"),
  takeBestScoreRequired: schemaMessage("QUIZ_TAKE_BEST_SCORE_REQUIRED"),
  negativeMarkingRequired: schemaMessage("QUIZ_NEGATIVE_MARKING_REQUIRED"),
  timeTypeRequired: schemaMessage("QUIZ_TIME_TYPE_REQUIRED"),
  startDateRequired: schemaMessage("QUIZ_START_DATE_REQUIRED"),
  endDateRequired: schemaMessage("QUIZ_END_DATE_REQUIRED"),
  startAfterEnd: schemaMessage("QUIZ_START_AFTER_END"),
  wrongAnswersRequired: schemaMessage("QUIZ_WRONG_ANSWERS_REQUIRED"),
  noQuestions: schemaMessage("QUIZ_NO_QUESTIONS"),
  quizNameRequired: schemaMessage("QUIZ_NAME_REQUIRED"),
  quizDescriptionRequired: schemaMessage("QUIZ_DESCRIPTION_REQUIRED"),
  minimum: schemaMessage("MIN_2_SYMBOLS"),
  maximum: schemaMessage("MAX_500_SYMBOLS"),
  levelRequired: schemaMessage("QUIZ_LEVEL_REQUIRED"),
  totalQuestionInvalid: schemaMessage("QUIZ_TOTAL_QUESTIONS_INVALID"),
  timeInvalid: schemaMessage("QUIZ_TIME_INVALID"),
  attemptsInvalid: schemaMessage("QUIZ_ATTEMPTS_INVALID"),
  startDateInvalid: schemaMessage("QUIZ_START_DATE_INVALID"),
  endDateInvalid: schemaMessage("QUIZ_END_DATE_INVALID"),
  wrongAnswersInvalid: schemaMessage("QUIZ_WRONG_ANSWERS_INVALID"),
  passwordTooLong: schemaMessage("QUIZ_PASSWORD_TOO_LONG"),
  categoryLength: schemaMessage("CATEGORY_NAME_LENGTH"),
  courseLength: schemaMessage("COURSE_NAME_LENGTH"),
  afterQuizClosesNeedsDateRange: schemaMessage("QUIZ_SHOW_ANSWERS_AFTER_CLOSE_NEEDS_DATE_RANGE"),
  drawCountInvalid: schemaMessage("QUIZ_DRAW_COUNT_INVALID", { max: MAX_QUESTIONS_OF_DRAWS }),
  drawTagInvalid: schemaMessage("QUIZ_DRAW_TAG_INVALID", { max: MAX_DRAW_TAG }),
  tooManyDraws: schemaMessage("QUIZ_TOO_MANY_DRAWS", { max: MAX_DRAWS }),
  drawsInvalid: schemaMessage("QUIZ_DRAWS_INVALID"),
  shuffleQuestionsInvalid: schemaMessage("QUIZ_SHUFFLE_QUESTIONS_INVALID"),
  passPercentageInvalid: schemaMessage("QUIZ_PASS_PERCENTAGE_INVALID"),
} as const;

export const TEXT_LIMITS = { min: 2, max: 500 } as const;
/** Spec 9: questions per quiz, quiz time, attempts. */
export const MAX_QUESTIONS = 100;
export const MAX_TIME_MINUTES = 100;
export const MAX_ATTEMPTS = 100;
/** Source quizzes of a quiz-based quiz; profile and department visibility lists. */
export const MAX_SOURCE_QUIZZES = 100;
export const MAX_VISIBILITY_IDS = 100;
export const MAX_PASSWORD = 100;
/** 9999-12-31 in epoch seconds: a larger "date" was almost surely sent in milliseconds. */
export const MAX_EPOCH_SECONDS = 253_402_300_799;

/** "Required" when the value is missing, `invalid` when it is there but wrong. */
const messages = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === "" ? required : invalid),
});

/** Forms send numbers as text: "12" is 12; anything else that is not a number stays wrong. */
const numericText = (value: unknown) => (typeof value === "string" && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : value);

const wholeNumber = (required: string, invalid: string, check: (n: number) => boolean) =>
  z.preprocess(numericText, z.number(messages(required, invalid)).int(invalid).refine(check, invalid));

const text = (required: string) =>
  z
    .string(messages(required, required))
    .trim()
    .min(1, required)
    .min(TEXT_LIMITS.min, SAID.minimum)
    .max(TEXT_LIMITS.max, SAID.maximum);

const name = (required: string, length: string) => singleLine(z.string(messages(required, required)).trim().min(1, required).max(NAME_LIMITS.max, length));

const yesNo = (required: string, label: string) => z.enum(["Yes", "No"], messages(required, OWN_MESSAGES.yesNo(label)));

const idList = (label: string, max: number, tooMany: string) =>
  z
    .array(z.preprocess(numericText, z.number().int().positive()), { error: OWN_MESSAGES.idList(label) })
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);

const epochSeconds = (required: string, invalid: string) => wholeNumber(required, invalid, (n) => n >= 0 && n <= MAX_EPOCH_SECONDS);

/**
 * decisions.md "Papers": `{ category, course?, tag?, count }`, a part of the bank by names and
 * how many questions each attempt draws from it (ADR 0077). The part is checked against the
 * bank when the quiz is saved (quizzes/draw-parts.ts).
 */
const draw = z
  .object(
    {
      category: name(SAID.categoryRequired, SAID.categoryLength),
      course: name(SAID.courseRequired, SAID.courseLength).nullish(),
      tag: singleLine(z.string({ error: SAID.drawTagInvalid }).trim().max(MAX_DRAW_TAG, SAID.drawTagInvalid)).nullish(),
      count: wholeNumber(SAID.drawCountInvalid, SAID.drawCountInvalid, (n) => n >= 1 && n <= MAX_QUESTIONS_OF_DRAWS),
    },
    { error: SAID.drawsInvalid },
  )
  .transform(({ category, course, tag, count }) => ({ category, course: course || null, tag: tag || null, count }));
export type QuizDrawInput = z.output<typeof draw>;
/** A form's "" is no pass mark; "50" or "62.5" are numbers; every other value is refused with `invalid`. */
function passPercentageField(invalid: string) {
  const decimalText = (value: unknown) => (value === "" ? null : typeof value === "string" && /^\s*\d{1,3}(\.\d{1,2})?\s*$/.test(value) ? Number(value) : value);
  const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;
  return z.preprocess(decimalText, z.number({ error: invalid }).min(0, invalid).max(100, invalid).refine(twoDecimals, invalid).nullable());
}

/** Classes a quiz may be set for (ADR 0079): a school's sections of one course fit easily. */
export const MAX_QUIZ_CLASSES = 50;

/**
 * decisions.md "A quiz set for classes": `{ classId, startDate?, endDate?, time?, attemptsAllowed?,
 * password? }`, each setting left out (or null, or "") taking the quiz's. The class must be one
 * the author may use (quiz-classes/resolve-classes.ts).
 */
const quizClass = z
  .object(
    {
      classId: z.preprocess(numericText, z.number({ error: schemaMessage("QUIZ_CLASSES_INVALID") }).int(schemaMessage("QUIZ_CLASSES_INVALID")).positive(schemaMessage("QUIZ_CLASSES_INVALID"))),
      startDate: z.preprocess((v) => (v === "" ? null : v), epochSeconds(SAID.startDateInvalid, SAID.startDateInvalid).nullish()),
      endDate: z.preprocess((v) => (v === "" ? null : v), epochSeconds(SAID.endDateInvalid, SAID.endDateInvalid).nullish()),
      time: z.preprocess((v) => (v === "" ? null : v), wholeNumber(SAID.timeInvalid, SAID.timeInvalid, (n) => n === -1 || (n >= 1 && n <= MAX_TIME_MINUTES)).nullish()),
      attemptsAllowed: z.preprocess((v) => (v === "" ? null : v), wholeNumber(SAID.attemptsInvalid, SAID.attemptsInvalid, (n) => n >= 1 && n <= MAX_ATTEMPTS).nullish()),
      password: z.string({ error: "The class password must be text" }).max(MAX_PASSWORD, SAID.passwordTooLong).nullish(),
    },
    { error: schemaMessage("QUIZ_CLASSES_INVALID") },
  )
  .refine((set) => set.startDate == null || set.endDate == null || set.startDate <= set.endDate, { message: schemaMessage("QUIZ_CLASS_START_AFTER_END"), path: ["startDate"] })
  .transform((set) => ({
    classId: set.classId,
    startDate: set.startDate ?? null,
    endDate: set.endDate ?? null,
    time: set.time ?? null,
    attemptsAllowed: set.attemptsAllowed ?? null,
    password: set.password || null,
  }));
export type QuizClassInput = z.output<typeof quizClass>;

/** Every field a quiz request may carry, in the spec's names; aliases are folded in `normalizeAliases`. */
const fields = {
  quizType: z.enum(QUIZ_TYPES, { error: OWN_MESSAGES.quizTypeInvalid }).openapi({ description: "questions (question-based) or quizzes (built from other quizzes); create only" }),
  quizName: singleLine(text(SAID.quizNameRequired)),
  quizDescription: text(SAID.quizDescriptionRequired),
  category: name(SAID.categoryRequired, SAID.categoryLength).openapi({ description: "Category name of the caller's business" }),
  course: name(SAID.courseRequired, SAID.courseLength).openapi({ description: "Course name within the category" }),
  level: z.enum(QUIZ_LEVELS, messages(SAID.levelRequired, OWN_MESSAGES.levelInvalid)),
  /** Null (or empty) means "the number of selected questions" (spec 4). */
  totalQuestion: z
    .preprocess((v) => (v === "" ? null : numericText(v)), z.number({ error: SAID.totalQuestionInvalid }).int(SAID.totalQuestionInvalid).min(1, SAID.totalQuestionInvalid).max(MAX_QUESTIONS, SAID.totalQuestionInvalid).nullable())
    .openapi({ type: ["integer", "null"], description: "1-100; empty or null = the number of selected questions" }),
  isPremium: z.boolean({ error: OWN_MESSAGES.premiumInvalid }),
  status: z.enum(QUIZ_STATUSES, messages(SAID.statusRequired, OWN_MESSAGES.statusInvalid)),
  startDate: epochSeconds(SAID.startDateRequired, SAID.startDateInvalid).nullable().openapi({ type: ["integer", "null"], description: "Epoch seconds (alias starttimestamp); used when status is DateRange" }),
  endDate: epochSeconds(SAID.endDateRequired, SAID.endDateInvalid).nullable().openapi({ type: ["integer", "null"], description: "Epoch seconds (alias endtimestamp)" }),
  allowSkip: yesNo(SAID.allowSkipRequired, "Allow skip"),
  takeBestScore: yesNo(SAID.takeBestScoreRequired, "Take Best Score"),
  showAnswer: yesNo("Show answer is required", "Show answer"),
  showAnswerTiming: z
    .enum(SHOW_ANSWER_TIMINGS, messages(OWN_MESSAGES.showAnswerTimingRequired, OWN_MESSAGES.showAnswerTimingInvalid))
    .openapi({ description: "When right answers are shown (ADR 0030); Never = showAnswer No. Wins over showAnswer when both are sent; AfterQuizCloses needs status DateRange" }),
  negativeMarking: yesNo(SAID.negativeMarkingRequired, "Negative Marking"),
  attemptsAllowed: wholeNumber(SAID.attemptsRequired, SAID.attemptsInvalid, (n) => n >= 1 && n <= MAX_ATTEMPTS).openapi({ type: "integer", description: "1-100" }),
  quiztimetype: z.enum(QUIZ_TIME_TYPES, messages(SAID.timeTypeRequired, OWN_MESSAGES.timeTypeInvalid)).openapi({ description: "Quiz or Question (alias timeType)" }),
  time: wholeNumber(SAID.timeRequired, SAID.timeInvalid, (n) => n === -1 || (n >= 1 && n <= MAX_TIME_MINUTES)).openapi({ type: "integer", description: "Minutes 1-100; -1 = no limit" }),
  consuctiveWrongAnswersForNegativeMarking: wholeNumber(SAID.wrongAnswersInvalid, SAID.wrongAnswersInvalid, (n) => n >= 0 && n <= MAX_QUESTIONS).openapi({ type: "integer" }),
  password: z.string({ error: "The quiz password must be text" }).max(MAX_PASSWORD, SAID.passwordTooLong).openapi({ description: "Shared exam password; empty = not protected" }),
  profile: idList("profile", MAX_VISIBILITY_IDS, OWN_MESSAGES.tooManyIds("profile")).openapi({ type: "array", items: { type: "integer" }, description: "Profile codes that may see the quiz; empty = everyone" }),
  department: idList("department", MAX_VISIBILITY_IDS, OWN_MESSAGES.tooManyIds("department")).openapi({ type: "array", items: { type: "integer" }, description: "Department ids that may see the quiz; empty = everyone" }),
  selectedQuestions: idList("selectedQuestions", MAX_QUESTIONS, schemaMessage("QUIZ_TOO_MANY_QUESTIONS", { n: MAX_QUESTIONS })).openapi({ type: "array", items: { type: "integer" }, description: "Question ids in quiz order" }),
  selectedQuizes: idList("selectedQuizes", MAX_SOURCE_QUIZZES, `At most ${MAX_SOURCE_QUIZZES} quizzes can be selected`).openapi({ type: "array", items: { type: "integer" }, description: "Source quiz ids (quizType quizzes)" }),
  draws: z
    .array(draw, { error: SAID.drawsInvalid })
    .max(MAX_DRAWS, SAID.tooManyDraws)
    .openapi({ description: "Questions drawn per attempt from parts of the bank (category, course?, tag?, count), fixed when the attempt starts (ADR 0077)" }),
  shuffleQuestions: z.enum(["Yes", "No"], { error: SAID.shuffleQuestionsInvalid }).openapi({ description: "Each attempt's questions in its own order (default No)" }),
  passPercentage: passPercentageField(SAID.passPercentageInvalid).openapi({
    type: ["number", "null"],
    description: "Issue 27 point 4 (ADR 0076): a result at or above this percentage passes; 0-100, two decimals at most; null or empty = no pass mark",
  }),
  classes: z
    .array(quizClass, { error: schemaMessage("QUIZ_CLASSES_INVALID") })
    .max(MAX_QUIZ_CLASSES, schemaMessage("QUIZ_TOO_MANY_CLASSES", { max: MAX_QUIZ_CLASSES }))
    .refine((list) => new Set(list.map((set) => set.classId)).size === list.length, schemaMessage("QUIZ_CLASS_LISTED_TWICE"))
    .openapi({
      description:
        "Issue 27 point 2 (ADR 0079): the classes the quiz is set for, each with its own optional dates (epoch seconds), time, attempts and password; empty = every student the profiles and departments allow",
    }),
};

/** Spelling variants the spec names (spec 3: "also seen as timeType"; dates stored as starttimestamp/endtimestamp). */
const aliases = {
  timeType: fields.quiztimetype.openapi({ description: "Alias of quiztimetype" }),
  starttimestamp: fields.startDate.openapi({ description: "Alias of startDate (epoch seconds)" }),
  endtimestamp: fields.endDate.openapi({ description: "Alias of endDate (epoch seconds)" }),
};

type Fields = typeof fields;
const optionalFields = Object.fromEntries(Object.entries({ ...fields, ...aliases }).map(([key, schema]) => [key, schema.optional()])) as {
  [K in keyof Fields | keyof typeof aliases]: z.ZodOptional<(Fields & typeof aliases)[K]>;
};

/** What a create request may carry: every field optional here; `QuizComplete` decides what is required. */
export const QuizPatch = z.object(optionalFields, { error: BODY_NOT_AN_OBJECT }).openapi({
  description:
    "A new quiz needs quizName, quizDescription, category, course, level, status, allowSkip, takeBestScore, negativeMarking, attemptsAllowed, " +
    "selectedQuestions and, unless the owner's policy takes them away, time and quiztimetype (startDate and endDate for DateRange; " +
    "selectedQuizes for quizType quizzes). On update every field is optional: what is left out keeps its value.",
});
export type QuizPatch = z.output<typeof QuizPatch>;

export const quizId = wholeNumber(OWN_MESSAGES.quizIdRequired, OWN_MESSAGES.quizIdInvalid, (n) => n >= 1 && n <= Number.MAX_SAFE_INTEGER).openapi({ type: "integer" });
export const QuizIdInput = z.object({ quizId }, { error: BODY_NOT_AN_OBJECT });
export const QuizUpdatePatch = QuizPatch.extend({ quizId });

/** Folds the aliases into the spec's main names (the main name wins when both are sent). */
export function normalizeAliases(patch: QuizPatch): Omit<QuizPatch, keyof typeof aliases> {
  const { timeType, starttimestamp, endtimestamp, ...rest } = patch;
  return {
    ...rest,
    quiztimetype: rest.quiztimetype ?? timeType,
    startDate: rest.startDate !== undefined ? rest.startDate : starttimestamp,
    endDate: rest.endDate !== undefined ? rest.endDate : endtimestamp,
  };
}

/**
 * A whole quiz as it will be stored (after merging with the stored quiz or the defaults and
 * applying the owner's policy), with the spec's rules between fields.
 */
export const QuizComplete = z
  .object({
    ...fields,
    totalQuestion: fields.totalQuestion.optional(),
    startDate: fields.startDate.optional(),
    endDate: fields.endDate.optional(),
    // Stored in its own table (ADR 0079): an update without `classes` keeps the quiz's.
    classes: fields.classes.optional(),
  })
  .superRefine((quiz, ctx) => {
    for (const { path, message } of quizRuleIssues(quiz)) ctx.addIssue({ code: "custom", path: [path], message });
  });
export type QuizComplete = z.output<typeof QuizComplete>;

/**
 * The spec's rules between fields (5 and 8). They read only fields already checked one by
 * one, and tolerate missing ones, so the wizard's step check (check-quiz-draft.ts) can run
 * them on a draft whose later steps are still empty.
 */
export function quizRuleIssues(quiz: Partial<QuizPatch>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const issue = (path: string, message: string) => issues.push({ path, message });
  if (quiz.status === "DateRange") {
    if (quiz.startDate == null) issue("startDate", SAID.startDateRequired);
    if (quiz.endDate == null) issue("endDate", SAID.endDateRequired);
    if (quiz.startDate != null && quiz.endDate != null && quiz.startDate > quiz.endDate) issue("startDate", SAID.startAfterEnd);
  }
  // ADR 0030: "when the quiz closes" needs a quiz that closes (an end date).
  if (quiz.showAnswerTiming === "AfterQuizCloses" && quiz.status !== undefined && quiz.status !== "DateRange") {
    issue("showAnswerTiming", SAID.afterQuizClosesNeedsDateRange);
  }
  if (quiz.negativeMarking === "Yes" && (quiz.consuctiveWrongAnswersForNegativeMarking ?? 0) <= 0) {
    issue("consuctiveWrongAnswersForNegativeMarking", SAID.wrongAnswersRequired);
  }
  if (quiz.selectedQuestions) {
    // Drawn questions count as questions of the paper (ADR 0077): a quiz may be all draws.
    const selected = quiz.selectedQuestions.length + drawnCount(quiz.draws);
    if (selected === 0) issue("selectedQuestions", SAID.noQuestions);
    else if (selected > MAX_QUESTIONS) issue("selectedQuestions", schemaMessage("QUIZ_TOO_MANY_QUESTIONS", { n: MAX_QUESTIONS }));
    else if (quiz.totalQuestion != null && selected > quiz.totalQuestion) issue("selectedQuestions", schemaMessage("QUIZ_TOO_MANY_QUESTIONS", { n: quiz.totalQuestion }));
    else if (quiz.totalQuestion != null && selected !== quiz.totalQuestion) issue("selectedQuestions", schemaMessage("QUIZ_COUNT_MISMATCH", { n: quiz.totalQuestion, m: selected }));
  }
  return issues;
}

/** How many questions the draws add to every paper. */
export function drawnCount(draws: readonly { count: number }[] | undefined): number {
  return (draws ?? []).reduce((sum, { count }) => sum + count, 0);
}

/** What a new quiz starts with when the request leaves a field out (spec 3 defaults). */
export const CREATE_DEFAULTS = {
  quizType: "questions",
  totalQuestion: null,
  isPremium: false,
  showAnswer: "Yes",
  showAnswerTiming: "AfterEachAttempt",
  consuctiveWrongAnswersForNegativeMarking: 0,
  password: "",
  profile: [],
  department: [],
  selectedQuizes: [],
  draws: [],
  shuffleQuestions: "No",
  passPercentage: null,
  classes: [],
} satisfies Partial<QuizPatch>;

/** Lists of quizzes (spec 7: allByTeacher, all): filter by part of the name, category, course, status. */
export { QUIZ_SORT_FIELDS };
export const QuizListQuery = listQuery({
  filter: z.object({
    quizName: z.string({ error: "filter.quizName must be text" }).trim().max(TEXT_LIMITS.max, SAID.maximum).optional(),
    category: z.string({ error: "filter.category must be text" }).trim().max(NAME_LIMITS.max, SAID.categoryLength).optional(),
    course: z.string({ error: "filter.course must be text" }).trim().max(NAME_LIMITS.max, SAID.courseLength).optional(),
    status: z.enum(QUIZ_STATUSES, { error: OWN_MESSAGES.statusInvalid }).optional(),
  }),
  sortFields: QUIZ_SORT_FIELDS,
});
export type QuizListQuery = z.input<typeof QuizListQuery>;

/** Spec 7 allRandom: up to 10 quizzes of one category and course. */
export const RANDOM_PICK = 10;
export const RandomQuizzesInput = z.object({ category: fields.category, course: fields.course }, { error: BODY_NOT_AN_OBJECT });

/** The wizard's "N available" for each draw (quizzes/draw-parts.ts availableForDraws): the draws as the quiz body has them, and the questions it selects. */
export const DrawsAvailableInput = z.object({ draws: fields.draws, selectedQuestions: fields.selectedQuestions.default([]) }, { error: BODY_NOT_AN_OBJECT });
