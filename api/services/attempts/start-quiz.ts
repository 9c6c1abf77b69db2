import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { bound, readTogether } from "../../../db/prepared-batch";
import { quizAttempts, quizExtraTime } from "../../../db/schema";
import type { EXAM_MODES, QuizAttempt } from "../../../db/schema/attempts";

type ExamMode = (typeof EXAM_MODES)[number];
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { UNKNOWN_ADDRESS } from "../auth/client-address";
import { storedAnswersOf, type StoredAnswer } from "./attempt-snapshot";
import { isKeyedType } from "../marking/question-types";
import { loadQuestionsKey } from "./answer-key";
import { partIdsOf } from "./part-ids";
import { closeAttempt } from "./close-attempt";
import { closesAt, deadlineFor, isPastDeadline, quizEndOf } from "./deadline";
import { studentSettingsAtStart } from "../quiz-classes/student-settings";
import { ownEndOf } from "../quiz-classes/own-end";
import { examPaperOf, keptPaperRows, loadPaperRows, paperRowsOf, paperRowsRead, type PaperKeys, type PaperQuestion, type PaperRow } from "./exam-paper";
import { answersDuringAttempt } from "../quizzes/answer-timing";
import { optionIdsOf } from "./option-ids";
import { takeableQuizOf, takeableQuizRead } from "./quiz-access";
import { drawPaper, onPaper } from "./attempt-paper";
import { assertQuizPassword } from "./quiz-password";
import { ATTEMPT_MESSAGES, StartQuizInput } from "./schemas";

export interface StartedExam {
  takenQuizId: number;
  quizId: number;
  attemptNumber: number;
  /** Epoch ms (server clock): the count-up of a quiz without a time limit starts here. */
  startedAt: number;
  /**
   * Epoch ms: the earlier of the attempt's time limit and its quiz's end date (ADR 0031), or
   * null when it has neither.
   */
  deadlineAt: number | null;
  /** The server's clock (epoch ms): the browser counts from this, not from its own clock. */
  serverNow: number;
  /**
   * Seconds each question has when the quiz is timed per question (extra time included), or
   * null. Each question resets to it and moves on at zero; the server closes questions on
   * the same schedule (question-window.ts).
   */
  questionTime: number | null;
  examMode: ExamMode;
  quiz: { quizName: string; time: number; quiztimetype: Quiz["quizTimeType"]; allowSkip: "Yes" | "No"; showAnswer: "Yes" | "No"; totalQuestion: number };
  questions: PaperQuestion[];
  /** `answer` as the page sends it: the attempt's option ids for choice types, the type's own answer for the others. */
  savedAnswers: (Omit<StoredAnswer, "answer" | "response"> & { answer: number[] | Record<string, unknown> })[];
}

/**
 * decisions.md "Taking": startQuiz { quizId, password?, examMode? }. The quiz must be open
 * to this student (quiz-access.ts). An open attempt of theirs is resumed, with its answers
 * and the server's remaining time, whatever device asks; one past its deadline is graded
 * first. Otherwise the password (throttled: quiz-password.ts) and the attempt limit are checked and a new attempt is
 * created with its deadline. Parallel starts cannot make two: the attempt number is unique
 * per student and quiz, so the losers of the insert resume the winner's attempt (or hear
 * the limit).
 */
export async function startQuiz(services: AppServices, caller: Caller, input: unknown, context: { clientAddress: string } = { clientAddress: UNKNOWN_ADDRESS }): Promise<StartedExam> {
  const { quizId, password, examMode } = StartQuizInput.parse(input);
  // One round trip to a remote database (ADR 0090; db/prepared-batch.ts): the quiz with its rules,
  // the student's open attempt, their attempts taken, their extra time and, unless kept, the
  // paper (it also gives the question count a quiz timed per question needs for its deadline).
  const keptPaper = keptPaperRows.peek(services, quizId);
  const reads = [takeableQuizRead(services, caller, quizId), openAttemptRead(services, caller, quizId), attemptsTakenRead(services, caller, quizId), extraTimeRead(services, caller, quizId)] as const;
  const [gate, [latest], [{ taken }], [extraTime], paperRead] = keptPaper ? [...(await readTogether(services.db, reads)), undefined] : await readTogether(services.db, [...reads, paperRowsRead(services, quizId)]);
  const { quiz, ownSettings, taken: quizTaken } = takeableQuizOf(caller, gate);
  // A quiz someone has taken keeps its paper (ADR 0077, exam-paper.ts keptPaperRows): read by a
  // statement that found it taken, it is final (ADR 0022) and kept; the first start of a quiz reads it.
  // (Kept but no longer taken cannot happen, as no attempt is ever deleted; were it to, the quiz is read afresh.)
  const quizRows = paperRead ? paperRowsOf(paperRead) : quizTaken ? await keptPaper! : await loadPaperRows(services, quizId);
  if (paperRead?.[0].taken) keptPaperRows.keep(services, quizId, quizRows);

  const open = await stillOpen(services, quiz, latest);
  // The attempt's own paper, as stored when it started (ADR 0077): the same on every resume (the quiz is taken: its paper is kept).
  if (open) return presentAttempt(services, quiz, open, onPaper(open.paper, quizRows));

  // The student's own settings (their classes' and override: ADR 0079), decided now and kept on the attempt;
  // read only when the gate's statement found a class of theirs or an override (most starts have neither).
  const settings = await studentSettingsAtStart(services, caller.userId, quiz, ownSettings);
  // Counted per student and quiz and per address: a password cannot be guessed at speed (ADR 0031).
  await assertQuizPassword(services, caller, { id: quiz.id, passwords: settings.passwords }, password, context.clientAddress);
  if (taken >= settings.attemptsAllowed) {
    // The count may include an attempt a parallel start of this student made after the read
    // above (on a database server the starts interleave): theirs is then the attempt to resume.
    const made = await openAttempt(services, caller, quiz);
    if (made) return presentAttempt(services, quiz, made, onPaper(made.paper, quizRows));
    throw new Conflict(ATTEMPT_MESSAGES.attemptLimit, "ATTEMPT_LIMIT");
  }
  // Drawn now, once, and kept on the attempt's row (null: the quiz's own questions in quiz order).
  const paperIds = drawPaper(quiz, quizRows);
  const paper = onPaper(paperIds, quizRows);

  const startedAt = services.now();
  // decisions.md "Extra time": the student's factor stretches the quiz's (or each question's) time.
  const endsAt = ownEndOf(quiz, settings);
  const timeLimit = deadlineFor({ time: settings.time, quizTimeType: quiz.quizTimeType }, paper.length, startedAt, extraTime?.factor ?? 1);
  // An own end of the student's is part of the stored deadline, so the minute's sweep finds the attempt by it.
  const deadlineAt = endsAt && (!timeLimit || endsAt < timeLimit) ? endsAt : timeLimit;
  const [created] = await prepared(services.db, "startQuiz:insert", (db) =>
    db
      .insert(quizAttempts)
      .values({
        businessId: sql.placeholder("businessId"),
        quizId: sql.placeholder("quizId"),
        studentId: sql.placeholder("studentId"),
        attemptNumber: sql.placeholder("attemptNumber"),
        examMode: sql.placeholder("examMode"),
        // Wrapped in sql so they bind as stored (epoch ms, or null) past the columns' Date encoder.
        startedAt: sql`${sql.placeholder("startedAt")}`,
        deadlineAt: sql`${sql.placeholder("deadlineAt")}`,
        endsAt: sql`${sql.placeholder("endsAt")}`,
        paper: sql`${sql.placeholder("paper")}`,
      })
      .onConflictDoNothing()
      .returning()
      .prepare(),
  ).all({
    businessId: caller.businessId,
    quizId,
    studentId: caller.userId,
    attemptNumber: taken + 1,
    // Spec 2.4: one by one only where answers may be shown (after each attempt: ADR 0030); otherwise all at once.
    examMode: answersDuringAttempt(quiz) ? (examMode ?? "all") : "all",
    startedAt: startedAt.getTime(),
    deadlineAt: deadlineAt?.getTime() ?? null,
    endsAt: endsAt?.getTime() ?? null,
    paper: paperIds && JSON.stringify(paperIds),
  });
  // A new attempt has no answers yet: no need to ask for them.
  if (created) return presentAttempt(services, quiz, created, paper, []);
  // Another start of this student won the race: theirs is the attempt.
  const winner = await openAttempt(services, caller, quiz);
  if (winner) return presentAttempt(services, quiz, winner, onPaper(winner.paper, quizRows));
  throw new Conflict(ATTEMPT_MESSAGES.attemptLimit, "ATTEMPT_LIMIT");
}

/** The student's latest attempt at the quiz if it is still open; one past its deadline is graded now. */
async function openAttempt(services: AppServices, caller: Caller, quiz: Quiz): Promise<QuizAttempt | null> {
  const { query, values } = openAttemptRead(services, caller, quiz.id);
  const [latest] = await query.all(values);
  return stillOpen(services, quiz, latest);
}

/** The student's latest attempt at the quiz not submitted (stillOpen judges it). */
function openAttemptRead(services: AppServices, caller: Caller, quizId: number) {
  const query = prepared(services.db, "startQuiz:openAttempt", (db) =>
    db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, sql.placeholder("quizId")), eq(quizAttempts.studentId, sql.placeholder("studentId")), isNull(quizAttempts.submittedAt)))
      .orderBy(desc(quizAttempts.attemptNumber))
      .limit(1)
      .prepare(),
  );
  return bound(query, { quizId, studentId: caller.userId });
}

/** `latest` if it is still open; one past its deadline is graded now. */
async function stillOpen(services: AppServices, quiz: Quiz, latest: QuizAttempt | undefined): Promise<QuizAttempt | null> {
  if (!latest) return null;
  if (isPastDeadline({ ...latest, quizEndsAt: latest.endsAt ?? quizEndOf(quiz) }, services.now())) {
    await closeAttempt(services, latest);
    return null;
  }
  return latest;
}

/** The student's attempts at the quiz, submitted or not: the attempt limit counts them. */
function attemptsTakenRead(services: AppServices, caller: Caller, quizId: number) {
  const query = prepared(services.db, "startQuiz:taken", (db) =>
    db.select({ taken: count() }).from(quizAttempts).where(and(eq(quizAttempts.quizId, sql.placeholder("quizId")), eq(quizAttempts.studentId, sql.placeholder("studentId")))).prepare(),
  );
  return bound(query, { quizId, studentId: caller.userId });
}

/** The student's extra-time factor on the quiz, if they have one. */
function extraTimeRead(services: AppServices, caller: Caller, quizId: number) {
  const query = prepared(services.db, "startQuiz:extraTime", (db) =>
    db
      .select({ factor: quizExtraTime.factor })
      .from(quizExtraTime)
      .where(and(eq(quizExtraTime.quizId, sql.placeholder("quizId")), eq(quizExtraTime.studentId, sql.placeholder("studentId"))))
      .prepare(),
  );
  return bound(query, { quizId, studentId: caller.userId });
}

/**
 * The keys of the paper's questions without options, and the attempt's part ids, for their
 * key-free view; nothing is read for a paper of choice questions only. The attempt exists,
 * so the quiz's key is the one kept per quiz (answer-key.ts).
 */
async function paperKeysOf(services: AppServices, attempt: QuizAttempt, paper: PaperRow[]): Promise<PaperKeys | undefined> {
  if (!paper.some((row) => isKeyedType(row.optionType))) return undefined;
  const [{ keys }, partIds] = await Promise.all([loadQuestionsKey(services, attempt.quizId), partIdsOf(services, attempt.id)]);
  return { keyOf: new Map(keys.map((key) => [key.id, key])), partIds };
}

/** The exam as the browser receives it: `saved` is read unless the caller knows it (a new attempt has none). */
async function presentAttempt(services: AppServices, quiz: Quiz, attempt: QuizAttempt, paper: PaperRow[], saved?: StoredAnswer[]): Promise<StartedExam> {
  const [optionIds, keyed] = await Promise.all([optionIdsOf(services, attempt.id), paperKeysOf(services, attempt, paper)]);
  const [questions, stored] = await Promise.all([examPaperOf(services, paper, optionIds, keyed), saved ?? storedAnswersOf(services, attempt.id)]);
  // Saved answers as the attempt's own option ids, like the paper (option-ids.ts); the other types' as saved (with the attempt's part ids).
  const savedAnswers = stored.length
    ? optionIds
        .shownAnswers(stored, new Map(paper.map((row) => [row.id, row.options.map((option) => option.id)])))
        .map(({ response, answer, ...row }) => ({ ...row, answer: (response as Record<string, unknown> | null) ?? answer }))
    : [];
  const yesNo = (flag: boolean) => (flag ? "Yes" : "No") as "Yes" | "No";
  return {
    takenQuizId: attempt.id,
    quizId: quiz.id,
    attemptNumber: attempt.attemptNumber,
    startedAt: attempt.startedAt.getTime(),
    deadlineAt: closesAt({ deadlineAt: attempt.deadlineAt, quizEndsAt: attempt.endsAt ?? quizEndOf(quiz) })?.getTime() ?? null,
    serverNow: services.now().getTime(),
    questionTime:
      quiz.quizTimeType === "Question" && attempt.deadlineAt && questions.length > 0
        ? Math.round((attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / questions.length / 1000)
        : null,
    examMode: attempt.examMode,
    quiz: { quizName: quiz.quizName, time: quiz.time, quiztimetype: quiz.quizTimeType, allowSkip: yesNo(quiz.allowSkip), showAnswer: yesNo(quiz.showAnswer), totalQuestion: quiz.totalQuestion },
    questions,
    savedAnswers,
  };
}
