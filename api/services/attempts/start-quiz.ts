import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { bound, readTogether } from "../../../db/prepared-batch";
import { quizAttempts, quizExtraTime } from "../../../db/schema";
import type { EXAM_MODES, QuizAttempt } from "../../../db/schema/attempts";

type ExamMode = (typeof EXAM_MODES)[number];
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, DATABASE_BUSY, DATABASE_BUSY_RETRY_SECONDS, TooManyRequests } from "../core/errors";
import { UNKNOWN_ADDRESS } from "../auth/client-address";
import { storedAnswersOf, type StoredAnswer } from "./attempt-snapshot";
import { isKeyedType } from "../marking/question-types";
import { loadQuestionsKey } from "./answer-key";
import { partIdsOf } from "./part-ids";
import { closeAttempt } from "./close-attempt";
import { closesAt, deadlineFor, isPastDeadline, quizEndOf } from "./deadline";
import { studentSettingsAtStart } from "../quiz-classes/student-settings";
import { ownEndOf } from "../quiz-classes/own-end";
import { examPaperOf, keptPaperRows, loadStartPaper, startPaperOf, startPaperRead, type PaperKeys, type PaperQuestion, type PaperRow, type StartPaper } from "./exam-paper";
import { answersDuringAttempt } from "../quizzes/answer-timing";
import { optionIdsOf } from "./option-ids";
import { takeableQuizOf, takeableQuizRead } from "./quiz-access";
import { drawPaper, onPaper } from "./attempt-paper";
import { assertQuizPassword } from "./quiz-password";
import { insertAttempt } from "./insert-attempt";
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
 * Tries of one start: a try ends without an attempt only when its insert made none and found
 * no open attempt of the student's (the quiz or one of its questions was saved between the try's
 * read and its insert, before anyone took it), or when its gate and its paper, read side by side
 * on D1, saw the quiz before and after a save. Each such save is a teacher's click landing
 * within a start's few milliseconds; a third in a row is answered as a busy server, to try again.
 */
const START_TRIES = 3;

/**
 * decisions.md "Taking": startQuiz { quizId, password?, examMode? }. The quiz must be open
 * to this student (quiz-access.ts). An open attempt of theirs is resumed, with its answers
 * and the server's remaining time, whatever device asks; one past its deadline is graded
 * first. Otherwise the password (throttled: quiz-password.ts) and the attempt limit are checked and a new attempt is
 * created with its deadline. Parallel starts cannot make two: the insert adds no attempt while
 * the student has an open one, nor one whose number another start took (insert-attempt.ts), so
 * the losers resume the winner's attempt (or hear the limit). The first starts of a quiz insert
 * only if the quiz is still as they read it, else read again (issue 25, the first-start race).
 */
export async function startQuiz(services: AppServices, caller: Caller, input: unknown, context: { clientAddress: string } = { clientAddress: UNKNOWN_ADDRESS }): Promise<StartedExam> {
  const start = StartQuizInput.parse(input);
  for (let tries = 1; ; tries++) {
    const started = await startOnce(services, caller, start, context);
    if (started) return started;
    if (tries === START_TRIES) throw new TooManyRequests(DATABASE_BUSY, DATABASE_BUSY_RETRY_SECONDS, "SERVER_BUSY");
  }
}

/**
 * One try of startQuiz: the exam, or null when the quiz changed under the try (the insert made no
 * attempt and none of the student's is open, or the gate and the paper saw the quiz at two
 * moments): the next try reads everything again.
 */
async function startOnce(services: AppServices, caller: Caller, { quizId, password, examMode }: ReturnType<typeof StartQuizInput.parse>, context: { clientAddress: string }): Promise<StartedExam | null> {
  // One round trip to a remote database (ADR 0090; db/prepared-batch.ts): the quiz with its rules,
  // the student's open attempt, their attempts taken, their extra time and, unless kept, the
  // paper (it also gives the question count a quiz timed per question needs for its deadline).
  const keptPaper = keptPaperRows.peek(services, quizId);
  const reads = [takeableQuizRead(services, caller, quizId), openAttemptRead(services, caller, quizId), attemptsTakenRead(services, caller, quizId), extraTimeRead(services, caller, quizId)] as const;
  const [gate, [latest], [{ taken }], [extraTime], paperRead] = keptPaper ? [...(await readTogether(services.db, reads)), undefined] : await readTogether(services.db, [...reads, startPaperRead(services, quizId)]);
  const { quiz, ownSettings, taken: quizTaken } = takeableQuizOf(caller, gate);
  // A quiz someone has taken keeps its paper (ADR 0077, exam-paper.ts keptPaperRows): read by a
  // statement that found it taken, it is final (ADR 0022) and kept. The first starts of a quiz read
  // it with the quiz's stamps, which their insert checks (ADR 0092, paper-stamp.ts).
  // (Kept but no longer taken cannot happen, as no attempt is ever deleted; were it to, the quiz is read afresh.)
  const startPaper: StartPaper = paperRead ? startPaperOf(paperRead) : quizTaken ? { rows: await keptPaper!, stamps: null } : await loadStartPaper(services, quizId);
  if (paperRead && !startPaper.stamps) keptPaperRows.keep(services, quizId, startPaper.rows);
  const quizRows = startPaper.rows;

  const open = await stillOpen(services, quiz, latest);
  // The attempt's own paper, as stored when it started (ADR 0077): the same on every resume (the quiz is taken: its paper is kept).
  if (open) return resumed(services, quiz, open);
  // The draw follows the gate's quiz; the insert checks the paper's stamps: both must be of one save.
  // They are on libSQL (one batch, one transaction); on D1 the reads go side by side, and a save
  // landing between them is read again, as one landing before the insert is.
  if (startPaper.stamps && startPaper.stamps.quizUpdatedAt !== quiz.updatedAt.getTime()) return null;

  // The student's own settings (their classes' and override: ADR 0079), decided now and kept on the attempt;
  // read only when the gate's statement found a class of theirs or an override (most starts have neither).
  const settings = await studentSettingsAtStart(services, caller.userId, quiz, ownSettings);
  // Counted per student and quiz and per address: a password cannot be guessed at speed (ADR 0031).
  await assertQuizPassword(services, caller, { id: quiz.id, passwords: settings.passwords }, password, context.clientAddress);
  if (taken >= settings.attemptsAllowed) {
    // The count may include an attempt a parallel start of this student made after the read
    // above (on a database server the starts interleave): theirs is then the attempt to resume.
    const made = await openAttempt(services, caller, quiz);
    if (made) return resumed(services, quiz, made);
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
  const created = await insertAttempt(
    services,
    {
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
    },
    startPaper.stamps,
  );
  // A new attempt has no answers yet: no need to ask for them.
  if (created) return presentAttempt(services, quiz, created, paper, []);
  // Another start of this student won the race: theirs is the attempt.
  const winner = await openAttempt(services, caller, quiz);
  return winner && resumed(services, quiz, winner);
}

/**
 * An existing attempt on its own paper. The quiz has an attempt, so its paper is the kept one
 * (never the rows this start read: a start that lost the race may have read them before a
 * teacher's save the winner's paper includes).
 */
async function resumed(services: AppServices, quiz: Quiz, attempt: QuizAttempt): Promise<StartedExam> {
  return presentAttempt(services, quiz, attempt, onPaper(attempt.paper, await keptPaperRows(services, quiz.id)));
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
