import { relations } from "drizzle-orm";
import { attemptAnswers, quizAttempts, quizRatings } from "./attempts";
import { apiKeyPairs } from "./auth";
import { businesses, departments, profiles } from "./businesses";
import { categories, courses } from "./categories";
import { questionFeedback } from "./feedback";
import { questionOptions, questions } from "./questions";
import { quizQuestions, quizSources, quizzes } from "./quizzes";
import { subscribers, subscriptionPlans } from "./subscriptions";
import { questionTags, tags } from "./tags";
import { users } from "./users";

/**
 * Relations for drizzle's relational queries (`db.query.quizzes.findFirst({ with: … })`).
 * Kept in one file so that table files do not import each other in circles. They add no
 * SQL: tenancy filters must still be written in every query.
 */

export const businessesRelations = relations(businesses, ({ many }) => ({
  departments: many(departments),
  profiles: many(profiles),
  users: many(users),
}));

export const departmentsRelations = relations(departments, ({ one, many }) => ({
  business: one(businesses, { fields: [departments.businessId], references: [businesses.id] }),
  users: many(users),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  business: one(businesses, { fields: [profiles.businessId], references: [businesses.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  business: one(businesses, { fields: [users.businessId], references: [businesses.id] }),
  department: one(departments, { fields: [users.departmentId], references: [departments.id] }),
  apiKeyPairs: many(apiKeyPairs),
  attempts: many(quizAttempts),
}));

export const apiKeyPairsRelations = relations(apiKeyPairs, ({ one }) => ({
  user: one(users, { fields: [apiKeyPairs.userId], references: [users.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  courses: many(courses),
}));

export const coursesRelations = relations(courses, ({ one }) => ({
  category: one(categories, { fields: [courses.categoryId], references: [categories.id] }),
}));

export const questionsRelations = relations(questions, ({ one, many }) => ({
  teacher: one(users, { fields: [questions.teacherId], references: [users.id] }),
  category: one(categories, { fields: [questions.categoryId], references: [categories.id] }),
  course: one(courses, { fields: [questions.courseId], references: [courses.id] }),
  options: many(questionOptions),
  questionTags: many(questionTags),
  quizQuestions: many(quizQuestions),
  feedback: many(questionFeedback),
}));

export const questionOptionsRelations = relations(questionOptions, ({ one }) => ({
  question: one(questions, { fields: [questionOptions.questionId], references: [questions.id] }),
}));

export const tagsRelations = relations(tags, ({ many }) => ({
  questionTags: many(questionTags),
}));

export const questionTagsRelations = relations(questionTags, ({ one }) => ({
  question: one(questions, { fields: [questionTags.questionId], references: [questions.id] }),
  tag: one(tags, { fields: [questionTags.tagId], references: [tags.id] }),
}));

export const quizzesRelations = relations(quizzes, ({ one, many }) => ({
  teacher: one(users, { fields: [quizzes.teacherId], references: [users.id] }),
  category: one(categories, { fields: [quizzes.categoryId], references: [categories.id] }),
  course: one(courses, { fields: [quizzes.courseId], references: [courses.id] }),
  quizQuestions: many(quizQuestions),
  sources: many(quizSources, { relationName: "quizSources" }),
  attempts: many(quizAttempts),
  ratings: many(quizRatings),
}));

export const quizQuestionsRelations = relations(quizQuestions, ({ one }) => ({
  quiz: one(quizzes, { fields: [quizQuestions.quizId], references: [quizzes.id] }),
  question: one(questions, { fields: [quizQuestions.questionId], references: [questions.id] }),
}));

export const quizSourcesRelations = relations(quizSources, ({ one }) => ({
  quiz: one(quizzes, {
    fields: [quizSources.quizId],
    references: [quizzes.id],
    relationName: "quizSources",
  }),
  sourceQuiz: one(quizzes, { fields: [quizSources.sourceQuizId], references: [quizzes.id] }),
}));

export const quizAttemptsRelations = relations(quizAttempts, ({ one, many }) => ({
  quiz: one(quizzes, { fields: [quizAttempts.quizId], references: [quizzes.id] }),
  student: one(users, { fields: [quizAttempts.studentId], references: [users.id] }),
  answers: many(attemptAnswers),
}));

export const attemptAnswersRelations = relations(attemptAnswers, ({ one }) => ({
  attempt: one(quizAttempts, { fields: [attemptAnswers.attemptId], references: [quizAttempts.id] }),
  question: one(questions, { fields: [attemptAnswers.questionId], references: [questions.id] }),
}));

export const quizRatingsRelations = relations(quizRatings, ({ one }) => ({
  quiz: one(quizzes, { fields: [quizRatings.quizId], references: [quizzes.id] }),
  student: one(users, { fields: [quizRatings.studentId], references: [users.id] }),
}));

export const questionFeedbackRelations = relations(questionFeedback, ({ one }) => ({
  question: one(questions, { fields: [questionFeedback.questionId], references: [questions.id] }),
  student: one(users, { fields: [questionFeedback.studentId], references: [users.id] }),
}));

export const subscriptionPlansRelations = relations(subscriptionPlans, ({ many }) => ({
  subscribers: many(subscribers),
}));

export const subscribersRelations = relations(subscribers, ({ one }) => ({
  user: one(users, { fields: [subscribers.userId], references: [users.id] }),
  plan: one(subscriptionPlans, { fields: [subscribers.planId], references: [subscriptionPlans.id] }),
}));
