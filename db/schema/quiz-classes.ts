import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { classes } from "./classes";
import { createdAt } from "./columns";
import { quizzes } from "./quizzes";
import { users } from "./users";

/**
 * A quiz set for a class (issue 27 point 2, ADR 0079): the class's own settings, each null
 * when the class takes the quiz's. A quiz with rows here is seen only by students of one of
 * its classes (api/services/attempts/quiz-access.ts); a student of several gets the most
 * generous of their classes' settings (api/services/quiz-classes/effective-settings.ts).
 */
export const quizClasses = sqliteTable(
  "quiz_classes",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** Epoch seconds, like the quiz's own dates. */
    startTimestamp: integer("start_timestamp"),
    endTimestamp: integer("end_timestamp"),
    /** Minutes (per question when the quiz is timed per question); -1 = no limit. */
    time: integer("time"),
    attemptsAllowed: integer("attempts_allowed"),
    /** Replaces the quiz's password for this class's students; null = the quiz's. */
    password: text("password"),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.classId] }), index("quiz_classes_class_idx").on(t.classId)],
);

/**
 * One student's own settings on one quiz (Moodle's user overrides): each set field replaces
 * what the student's classes or the quiz give them; null fields leave it.
 */
export const quizOverrides = sqliteTable(
  "quiz_overrides",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startTimestamp: integer("start_timestamp"),
    endTimestamp: integer("end_timestamp"),
    time: integer("time"),
    attemptsAllowed: integer("attempts_allowed"),
    setBy: integer("set_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.studentId] }), index("quiz_overrides_student_idx").on(t.studentId)],
);

export type QuizClassRow = typeof quizClasses.$inferSelect;
export type QuizOverrideRow = typeof quizOverrides.$inferSelect;
