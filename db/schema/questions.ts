import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { categories, courses } from "./categories";
import { bool, createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

/**
 * decisions.md "Question types": every `optionType`, the choice types first. The same list as
 * api/services/marking/question-types.ts `QUESTION_TYPES` (the schema layer does not import the
 * services; db/schema/question-types.test.ts holds them equal).
 */
export const OPTION_TYPES = ["radio", "checkbox", "trueFalse", "shortAnswer", "numerical", "matching", "ordering", "cloze", "essay"] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

export const questions = sqliteTable(
  "questions",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => users.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    questionText: text("question_text").notNull(),
    /**
     * The question text as HTML with its TeX formulas rendered to MathML when it was saved
     * (api/services/maths/render-tex.ts, docs/decisions/0066); null when it has none.
     */
    questionHtml: text("question_html"),
    /** Blob keys (files.key); URLs are signed at read time. */
    questionImage: text("question_image"),
    explanationImage: text("explanation_image"),
    optionType: text("option_type", { enum: OPTION_TYPES }).notNull(),
    /**
     * The key of the types that have no options (decisions.md "Question types": shortAnswer,
     * numerical, matching, ordering, cloze, essay), as JSON in the shape of
     * api/services/marking/schemas.ts `ANSWER_KEY_SCHEMAS`; null for the choice types.
     * Authors and grading only, like `question_options.is_correct`: never select it for a student.
     */
    answerKey: text("answer_key", { mode: "json" }).$type<unknown>(),
    /** The question's default mark in hundredths (decisions.md `defaultMark` 0.5–100: 50–10000); 1 mark unless set. */
    defaultMarkHundredths: integer("default_mark_hundredths").notNull().default(100),
    /** Sanitised HTML from the rich-text editor (spec: answerExplaination). */
    answerExplanation: text("answer_explanation").notNull().default(""),
    questionRatings: text("question_ratings"),
    thumbsUpCount: integer("thumbs_up_count").notNull().default(0),
    thumbsDownCount: integer("thumbs_down_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The bank lists questions of one category + course, sorted by text (spec 9).
    index("questions_business_category_course_text_idx").on(
      t.businessId,
      t.categoryId,
      t.courseId,
      t.questionText,
    ),
    index("questions_business_teacher_idx").on(t.businessId, t.teacherId),
  ],
);

/**
 * Options in display order. `isCorrect` must never reach a student before their answer is
 * final (decisions: the server is the referee); select it only in authoring and grading.
 */
export const questionOptions = sqliteTable(
  "question_options",
  {
    id: id(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    optionText: text("option_text").notNull(),
    /** The option's text with its formulas rendered, as `questions.questionHtml`; null when it has none. */
    optionHtml: text("option_html"),
    isCorrect: bool("is_correct").notNull().default(false),
  },
  (t) => [
    unique("question_options_question_position_uq").on(t.questionId, t.position),
    check("question_options_position_ck", sql`${t.position} >= 0`),
  ],
);

export type Question = typeof questions.$inferSelect;
export type NewQuestion = typeof questions.$inferInsert;
export type QuestionOption = typeof questionOptions.$inferSelect;
