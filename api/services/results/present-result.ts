import { eq, type SQL, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { qualified } from "../../../db/qualified";
import { attemptAnswers, categories, questionVotes, quizAttempts, quizQuestions, quizRatings, quizzes, users } from "../../../db/schema";
import type { AnswerStatus, QuizAttempt } from "../../../db/schema/attempts";
import { type Marking, markingOf } from "../marking/mark-answer";
import { resultQuestionsOf } from "./result-questions";
import { onPaper } from "../attempts/attempt-paper";
import type { Quiz, ShowAnswerTiming } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import { pickCountingAttempt } from "../attempts/counting-attempt";
import { optionIdsOf } from "../attempts/option-ids";
import { shownChoiceOf, shownOptionsOf, shownQuestionHead, signedImages } from "../attempts/shown-options";
import { type GradedAnswerStatus, gradeAttempt, type QuestionKey } from "../attempts/scoring";
import { loadQuestionsKey } from "../attempts/answer-key";
import { type AnswerView, answerViewOf, rightAnswerOf } from "../attempts/answer-view";
import { partIdsOf } from "../attempts/part-ids";
import { isKeyedType, type QuestionType } from "../marking/question-types";
import { showAnswerTimingOf } from "../quizzes/answer-timing";
import { type AnswerReview, answerReview } from "./answer-review";
import { lastCloseColumn, studentAttemptsAllowedColumn } from "../quiz-classes/result-settings-sql";
import { type TakenQuizRow, toTakenQuizRow } from "./taken-quiz-row";
import { explanationForPage } from "../questions/sanitise-explanation";
import { type ChosenRubricLevel, chosenRubricLevels, type ReviewExtras, reviewExtrasOf } from "./review-extras";

type YesNo = "Yes" | "No";
const yesNo = (flag: boolean): YesNo => (flag ? "Yes" : "No");

export interface ResultOption {
  id: number;
  optionText: string;
  /** Only when the text has formulas: it with them rendered to MathML (docs/decisions/0066). */
  optionTextHtml?: string;
}

export interface ResultQuestion extends AnswerView {
  id: number;
  questionId: number;
  questionText: string;
  /** Only when the text has formulas: it with them rendered to MathML (docs/decisions/0066). */
  questionTextHtml?: string;
  /** A signed URL (3600 s) or null. */
  questionImage: string | null;
  optionType: QuestionType;
  /** With the attempt's own ids, in the order the attempt showed them (option-ids.ts); never which is right. */
  options: ResultOption[];
}

/** One question of the result page (spec 3 takenQuizAnswers); with `answerReview.shown`, also a review's accepted answers and gap marks (review-extras.ts). */
export interface TakenQuizAnswer extends ReviewExtras {
  questionId: number;
  question: ResultQuestion;
  /** yes full mark, partial, no, pending (awaiting a grader), empty not answered: gradeAttempt on the saved answers. */
  answerStatus: GradedAnswerStatus;
  /** The marks earned (null while pending) of the question's `maxMark`. */
  mark: number | null;
  maxMark: number;
  /** The answer given: the attempt's option ids for choice types, the type's own answer for the others; null when none. */
  answer: number[] | Record<string, unknown> | null;
  /** The chosen options, in display order (spec 3 answerFurthers). */
  answerFurthers: ResultOption[];
  /** This wrong answer completed a run of wrong answers and cost a negative point. */
  costsNegativePoint: boolean;
  /** A grader's comment on the answer (manual grading), when there is one. */
  comment?: string;
  /** Authors only, when a person marked the question: the grader's name and when (epoch ms). */
  gradedBy?: string;
  gradedAt?: number;
  /** Authors only: when the answer was last saved (epoch ms). */
  savedAt?: number;
  /** With `answerReview.shown`, when a grader marked with the rubric: the levels chosen, in the rubric's words. */
  rubricLevels?: ChosenRubricLevel[];
  /** The student's own thumbs on this question (ADR 0027), or none. */
  myVote: "up" | "down" | "none";
  /** Only when `answerReview.shown` (answer-review.ts): the right options, the explanation and its signed image. */
  correctOptionIds?: number[];
  /** Types without options, with `answerReview.shown`: an answer earning the full mark (answer-view.ts). */
  rightAnswer?: Record<string, unknown>;
  /** Authors only (decisions.md "Teachers read attempts"): the whole key of a type without options, grader information and rubric included. */
  answerKey?: Record<string, unknown>;
  answerExplaination?: string;
  image?: string | null;
}

/** Spec 2.4's result page: every field of the taken quiz, its quiz's settings and each question. */
export interface TakenQuizResult extends TakenQuizRow {
  /** The marks earned (Σ mark × fraction − negative marks, at least 0; with every mark 1, max(0, correctAnswered − negativePoints)): what the percentage is of. */
  score: number;
  /** Σ of the questions' marks. */
  totalMarks: number;
  /** decisions.md: `NeedsGrading` while an essay awaits a grader (the percentage is provisional), else `Graded`. */
  gradingStatus: "Graded" | "NeedsGrading";
  totalQuestions: number;
  /** Epoch ms of the grading. */
  submittedAt: number;
  /** The attempt that counts (takeBestScore Yes: the best, No: the latest; counting-attempt.ts). */
  countingTakenQuizId: number | null;
  /** Authors only (the teacher's attempt view): who took it. */
  student?: { name: string; email: string };
  quiz: { id: number; quizId: number; quizName: string; showAnswer: YesNo; showAnswerTiming: ShowAnswerTiming; takeBestScore: YesNo; attemptsAllowed: number };
  /** Whether this result carries the answer key now, and if not why (ADR 0030). */
  answerReview: AnswerReview;
  takenQuizAnswers: TakenQuizAnswer[];
}

/**
 * An attempt's result row as one JSON text, for a select over quiz_attempts (one row each):
 * its quiz's name, category and settings, the student's rating of the quiz and attempts at
 * it, and beside them the saved answers and the student's thumbs on the quiz's questions, each
 * folded by SQLite; the student's name and e-mail only while the placeholder `author` is 1
 * (an author may be reading: only authors are given them). The questions themselves are the
 * quiz's, kept (result-questions.ts). fetchById reads it in the statement that reads the
 * student's attempts (own-attempts.ts), for the attempt it names; SQLite evaluates it only
 * for that row.
 */
export function resultRowJson(): SQL<string | null> {
  const attemptsAtQuiz = sql`(select count(*) from ${quizAttempts} as sibling where sibling.quiz_id = ${qualified(quizAttempts.quizId)} and sibling.student_id = ${qualified(quizAttempts.studentId)})`;
  // [[questionId, stored option ids, the answer of a type without options or null,
  //   a grader's fraction in 10⁻⁷, graded at (epoch ms), the grader's name, comment (null unless a person marked it),
  //   saved at (epoch ms), the rubric levels chosen or null, the stored status], …]
  const answers = sql`(select json_group_array(json_array(${qualified(attemptAnswers.questionId)}, json(${qualified(attemptAnswers.selectedOptionIds)}), json(${qualified(attemptAnswers.answer)}),
      ${qualified(attemptAnswers.fractionE7)}, ${qualified(attemptAnswers.gradedAt)}, (select ${qualified(users.fullname)} from ${users} where ${qualified(users.id)} = ${qualified(attemptAnswers.gradedBy)}), ${qualified(attemptAnswers.graderComment)},
      ${qualified(attemptAnswers.savedAt)}, json(${qualified(attemptAnswers.rubricLevels)}), ${qualified(attemptAnswers.answerStatus)}))
    from ${attemptAnswers} where ${qualified(attemptAnswers.attemptId)} = ${qualified(quizAttempts.id)})`;
  // [[questionId, 1 up / -1 down], …] on this quiz's questions
  const votes = sql`(select json_group_array(json_array(${qualified(questionVotes.questionId)}, ${qualified(questionVotes.vote)})) from ${questionVotes}
    where ${qualified(questionVotes.studentId)} = ${qualified(quizAttempts.studentId)}
      and ${qualified(questionVotes.questionId)} in (select ${qualified(quizQuestions.questionId)} from ${quizQuestions} where ${qualified(quizQuestions.quizId)} = ${qualified(quizAttempts.quizId)}))`;
  const student = sql`case when ${sql.placeholder("author")} = 1 then (select json_array(${qualified(users.fullname)}, ${qualified(users.email)}) from ${users} where ${qualified(users.id)} = ${qualified(quizAttempts.studentId)}) end`;
  const rating = sql`(select ${qualified(quizRatings.rating)} from ${quizRatings} where ${qualified(quizRatings.quizId)} = ${qualified(quizAttempts.quizId)} and ${qualified(quizRatings.studentId)} = ${qualified(quizAttempts.studentId)})`;
  // The student's own attempts and the quiz's last close over its classes and overrides (ADR 0079): what the key rule reads.
  return sql<string | null>`(select json_array(${qualified(quizzes.quizName)}, ${qualified(categories.name)}, ${studentAttemptsAllowedColumn()}, ${rating}, ${attemptsAtQuiz},
      ${qualified(quizzes.showAnswer)}, ${qualified(quizzes.showAnswerTiming)}, ${qualified(quizzes.status)}, ${lastCloseColumn()}, ${qualified(quizzes.takeBestScore)},
      ${qualified(quizzes.negativeMarking)}, ${qualified(quizzes.consecutiveWrongAnswersForNegativeMarking)}, json(${answers}), json(${votes}), json(${student}), ${qualified(quizzes.passPercentage)})
    from ${quizzes} join ${categories} on ${qualified(categories.id)} = ${qualified(quizzes.categoryId)} where ${qualified(quizzes.id)} = ${qualified(quizAttempts.quizId)})`;
}

/** resultRowJson's array, in its order. */
type ResultRowEntries = [
  quizName: string,
  quizCategory: string,
  attemptsAllowed: number,
  rating: number | null,
  totalAttempts: number,
  showAnswer: 0 | 1,
  showAnswerTiming: Quiz["showAnswerTiming"],
  status: Quiz["status"],
  endTimestamp: number | null,
  takeBestScore: 0 | 1,
  negativeMarking: 0 | 1,
  consecutiveWrongAnswersForNegativeMarking: Quiz["consecutiveWrongAnswersForNegativeMarking"],
  answers: [number, number[] | null, Record<string, unknown> | null, number | null, number | null, string | null, string | null, number, RubricChoice[] | null, AnswerStatus][],
  votes: [number, number][],
  student: [string, string] | null,
  passPercentage: number | null,
];

/**
 * The result page's per-attempt read: the attempt's result row (resultRowJson), read here
 * unless the caller read it with the attempt (`read`), and the quiz's kept questions. The
 * attempt is finished, so its rows no longer change.
 */
async function readResultRows(services: AppServices, attempt: QuizAttempt, asAuthor: boolean, read: string | undefined) {
  const [text, content] = await Promise.all([
    read ??
      prepared(services.db, "presentResult:row", (db) =>
        db
          .select({ result: resultRowJson() })
          .from(quizAttempts)
          .where(eq(quizAttempts.id, sql.placeholder("attemptId")))
          .prepare(),
      )
        .all({ attemptId: attempt.id, author: asAuthor ? 1 : 0 })
        .then(([found]) => found?.result ?? null),
    resultQuestionsOf(services, attempt.quizId),
  ]);
  if (text === null) throw new Error(`the result of attempt ${attempt.id} does not read`);
  const [quizName, quizCategory, attemptsAllowed, rating, totalAttempts, showAnswer, showAnswerTiming, status, endTimestamp, takeBestScore, negativeMarking, consecutive, answers, votes, student, passPercentage] =
    JSON.parse(text) as ResultRowEntries;
  const answerOf = new Map(
    answers.map(([questionId, chosen, response, fractionE7, gradedAt, gradedBy, comment, savedAt, rubric, status]) => [
      questionId,
      { chosen, response, savedAt, grader: gradedAt === null ? null : { fractionE7, gradedAt, gradedBy, comment, rubric }, marking: gradedAt === null ? closeMarkingOf(fractionE7, status) : null },
    ]),
  );
  const voteOf = new Map(votes);
  // Exactly the attempt's paper, in its order (ADR 0077): a question of the quiz's draws not drawn for it is not in any result.
  const questionRows = onPaper(attempt.paper, content).map((question) => ({
    ...question,
    answer: answerOf.get(question.id)?.chosen ?? null,
    // The saved answer of a type without options, or null.
    response: answerOf.get(question.id)?.response ?? null,
    vote: voteOf.get(question.id) ?? null,
    savedAt: answerOf.get(question.id)?.savedAt ?? null,
    // A person's mark (manual grading, ADR 0069), or null.
    grader: answerOf.get(question.id)?.grader ?? null,
    // The engine's marking the close stored (a type with an answer key), or null.
    marking: answerOf.get(question.id)?.marking ?? null,
  }));
  const quiz = {
    showAnswer: showAnswer === 1,
    showAnswerTiming,
    status,
    endTimestamp,
    attemptsAllowed,
    takeBestScore: takeBestScore === 1,
    negativeMarking: negativeMarking === 1,
    consecutiveWrongAnswersForNegativeMarking: consecutive,
  };
  const [studentName, studentEmail] = student ?? ["", ""];
  return { row: { attempt, quizName, quizCategory, attemptsAllowed, rating, totalAttempts, passPercentage }, quiz, questionRows, student: { name: studentName, email: studentEmail } };
}

type RubricChoice = { criterion: number; level: number };

/**
 * The engine's marking as the close stored it on an answer row (store-markings.ts: a fraction in
 * 10⁻⁷, or `pending` for an essay), or null where it stored none (a choice answer, an attempt
 * closed before markings were stored): grading marks those answers again.
 */
function closeMarkingOf(fractionE7: number | null, status: AnswerStatus): Marking | null {
  if (status === "pending") return { fraction: null, status: "pending", answered: true };
  return fractionE7 === null ? null : markingOf(fractionE7 / 1e7);
}

/**
 * The result of one finished attempt. One set of reads (the attempt row with names and
 * counts, the quiz's settings, its questions in quiz order, their options, the saved
 * answers); then each question's status from the one grader. The totals are those stored
 * when the attempt was graded. Right options and explanations are added only when the one
 * rule (answer-review.ts) says the key may be seen now: otherwise they are not in the
 * answer at all (never, while an attempt of the quiz is open, or not yet by the timing).
 *
 * `attempts` are all of the student's attempts at the quiz (for the counting attempt and the
 * review rule; any past its deadline already graded: own-attempts.ts). An author reads the
 * whole result, the key included, whatever the quiz shows its students (`asAuthor`).
 */
export async function presentResult(
  services: AppServices,
  attempt: QuizAttempt,
  attempts: readonly QuizAttempt[],
  reader: { asAuthor: boolean },
  /** The attempt's resultRowJson when the caller read it with the attempt, after the attempt was finished. */
  read?: string,
): Promise<TakenQuizResult> {
  const { row, quiz, questionRows, student } = await readResultRows(services, attempt, reader.asAuthor, read);
  // The keys of the types without options are the ones kept per quiz (answer-key.ts), read only when the paper has such a question.
  const typed = questionRows.some((q) => isKeyedType(q.optionType));
  const [keptKeys, partIds] = typed ? await Promise.all([loadQuestionsKey(services, attempt.quizId), partIdsOf(services, attempt.id)]) : [undefined, undefined];
  const keptKeyOf = new Map(keptKeys?.keys.map((key) => [key.id, key]));
  const keys: QuestionKey[] = questionRows.map((q) => ({
    id: q.id,
    optionType: q.optionType,
    correctOptionIds: q.options.filter((o) => o.isCorrect).map((o) => o.id),
    answerKey: keptKeyOf.get(q.id)?.answerKey,
    keyHtml: keptKeyOf.get(q.id)?.keyHtml,
    markHundredths: q.mark,
  }));
  const saved = questionRows.flatMap((q) =>
    q.answer === null && q.response === null ? [] : [{ questionId: q.id, answer: q.answer ?? [], response: q.response ?? undefined, graderFraction: q.grader?.fractionE7 == null ? null : q.grader.fractionE7 / 1e7, storedMarking: q.marking }],
  );
  const grade = gradeAttempt(keys, saved, quiz, partIds);
  const review: AnswerReview = reader.asAuthor ? { shown: true, hiddenBecause: null, quizClosesAt: null } : answerReview(quiz, attempts, services.now());
  // The ids and order the attempt showed (option-ids.ts): stored ids would give away the author's order.
  const optionIds = await optionIdsOf(services, attempt.id);

  // Images signed first, only those the answer carries: most papers have none, and a class
  // reading its results at once should not wait on 50 settled promises a student (issue 25 point 8).
  const signed = await signedImagesOf(services, questionRows, review.shown);

  const takenQuizAnswers = questionRows.map((q, index): TakenQuizAnswer => {
    const graded = grade.questions[index];
    // The question's shown ids worked out once (option-ids.ts), for its options, the choice and the right ones.
    const shownOf = optionIds.shownIdsOf(q.options.map((o) => o.id));
    const options = shownOptionsOf(shownOf, q.options);
    const chosen = new Set(shownChoiceOf(shownOf, graded.selectedOptionIds));
    const answer: TakenQuizAnswer = {
      questionId: q.id,
      question: {
        ...shownQuestionHead(q, signed),
        options,
        ...(partIds ? answerViewOf(keys[index], partIds) : {}),
      },
      answerStatus: graded.answerStatus,
      mark: graded.mark,
      maxMark: graded.maxMark,
      answer: q.response ?? (q.answer === null ? null : [...chosen].sort((a, b) => a - b)),
      answerFurthers: options.filter((o) => chosen.has(o.id)),
      costsNegativePoint: graded.costsNegativePoint,
      myVote: q.vote === null ? "none" : q.vote > 0 ? "up" : "down",
      // decisions.md "Manual grading": the student reads the grader's comment; the authors also who marked it and when.
      ...(q.grader?.comment ? { comment: q.grader.comment } : {}),
      ...(q.grader && reader.asAuthor ? { gradedBy: q.grader.gradedBy ?? "", gradedAt: q.grader.gradedAt } : {}),
      ...(reader.asAuthor && q.savedAt !== null ? { savedAt: q.savedAt } : {}),
    };
    if (!review.shown) return answer;
    const typedKey = partIds && isKeyedType(q.optionType) ? keys[index] : undefined;
    return {
      ...answer,
      correctOptionIds: shownChoiceOf(shownOf, keys[index].correctOptionIds),
      ...(typedKey && partIds ? { rightAnswer: rightAnswerOf(typedKey, partIds) as Record<string, unknown> } : {}),
      ...(typedKey && reader.asAuthor ? { answerKey: typedKey.answerKey as Record<string, unknown> } : {}),
      ...(typedKey && partIds ? reviewExtrasOf(typedKey, q.response, partIds) : {}),
      ...(typedKey ? withRubricLevels(chosenRubricLevels(typedKey, q.grader?.rubric ?? null)) : {}),
      answerExplaination: explanationForPage(q.explanation),
      image: q.explanationImage ? signed.get(q.explanationImage)! : null,
    };
  });

  const taken = toTakenQuizRow(row);
  return {
    ...taken,
    // Marks as graded; attempts graded before marks (no score_e7) counted one mark a question.
    score: attempt.scoreE7 === null ? Math.max(0, attempt.correctAnswered - attempt.negativePoints) : attempt.scoreE7 / 1e7,
    totalMarks: attempt.totalMarkHundredths === null ? questionRows.length : attempt.totalMarkHundredths / 100,
    gradingStatus: attempt.gradingStatus,
    ...(reader.asAuthor ? { student } : {}),
    totalQuestions: questionRows.length,
    submittedAt: (attempt.submittedAt ?? services.now()).getTime(),
    countingTakenQuizId: pickCountingAttempt(attempts, quiz.takeBestScore)?.id ?? null,
    quiz: {
      id: attempt.quizId,
      quizId: attempt.quizId,
      quizName: taken.quizName,
      showAnswer: yesNo(quiz.showAnswer),
      showAnswerTiming: showAnswerTimingOf(quiz),
      takeBestScore: yesNo(quiz.takeBestScore),
      attemptsAllowed: taken.attemptsAllowed,
    },
    answerReview: review,
    takenQuizAnswers,
  };
}

/** The signed URL of each image the result shows (question images; explanation images when the key is shown). */
function signedImagesOf(services: AppServices, questionRows: readonly { questionImage: string | null; explanationImage: string | null }[], keyShown: boolean): Promise<Map<string, string>> {
  const keys: string[] = [];
  for (const q of questionRows) {
    if (q.questionImage) keys.push(q.questionImage);
    if (keyShown && q.explanationImage) keys.push(q.explanationImage);
  }
  return signedImages(services, keys);
}
const withRubricLevels = (levels: ChosenRubricLevel[] | undefined) => (levels ? { rubricLevels: levels } : {});

