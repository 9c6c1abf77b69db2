import { and, asc, eq, isNull } from "drizzle-orm";
import { questions, quizQuestions, quizSources } from "../../../db/schema";
import type { OptionType } from "../../../db/schema/questions";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { type QuizEntity, toQuizEntity } from "./boundary";
import type { LoadedQuiz } from "./quiz-queries";
import { type QuizClassEntity, selectQuizClasses, toQuizClassEntities } from "../quiz-classes/quiz-class-rows";

/** A question as the quiz detail lists it: no options, so never which one is correct. */
export interface QuizQuestionSummary {
  id: number;
  questionId: number;
  questionText: string;
  optionType: OptionType;
}

export interface QuizDetail extends QuizEntity {
  questions: QuizQuestionSummary[];
  selectedQuestions: number[];
  selectedQuizes: number[];
  /** decisions.md "A quiz set for classes" (ADR 0079): class passwords only for those who see the quiz's. */
  classes: QuizClassEntity[];
}

/** The quiz with its questions in quiz order and its source quizzes: two more reads in one batch. */
export async function readQuizDetail(services: AppServices, viewer: Caller, loaded: LoadedQuiz): Promise<QuizDetail> {
  const db = services.db;
  const [questionRows, sourceRows, classRows] = await db.batch([
    db
      .select({ id: questions.id, questionText: questions.questionText, optionType: questions.optionType })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      // The quiz's own questions: those its draws may draw are not selected (ADR 0077).
      .where(and(eq(quizQuestions.quizId, loaded.row.id), isNull(quizQuestions.inDraws)))
      .orderBy(asc(quizQuestions.position)),
    db.select({ id: quizSources.sourceQuizId }).from(quizSources).where(eq(quizSources.quizId, loaded.row.id)).orderBy(asc(quizSources.sourceQuizId)),
    selectQuizClasses(db, loaded.row.id),
  ]);
  return {
    ...toQuizEntity(loaded.row, loaded.names, loaded.counts, viewer),
    questions: questionRows.map((q) => ({ id: q.id, questionId: q.id, questionText: q.questionText, optionType: q.optionType })),
    selectedQuestions: questionRows.map((q) => q.id),
    selectedQuizes: sourceRows.map((s) => s.id),
    classes: toQuizClassEntities(classRows, viewer, loaded.row),
  };
}
