import { describe, expect, it } from "vitest";
import { quizPasswordWait } from "../../../api/services/attempts/quiz-password";
import { loadMessages } from "../../../locales/messages.node";
import { afterAcknowledged, readPending, toRequestAnswers, writePending } from "./answer-store";
import { crossedMark, minutesSeconds } from "./clock";
import { EXAM_ERROR_KEYS, type ExamAction, type ExamFailure, examFailureMessage, translateExamError } from "./messages";
import type { ErrorCode } from "../../../api/services/core/errors";
import {
  type AnswerState,
  answerState,
  canJumpTo,
  canRevisit,
  checkedOnResume,
  firstOpenIndex,
  nextIndex,
  oneByOneState,
  optionVerdict,
  questionEndsAt,
  questionMs,
  resumeIndex,
  seenOnResume,
} from "./navigation";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

describe("answers kept on the device until the server has them", () => {
  it("survive a reload and leave once acknowledged, unless they changed meanwhile", () => {
    const storage = memoryStorage();
    writePending(storage, 7, { "1": { answer: [3], markedForReview: false }, "2": { answer: [], markedForReview: true } });
    const pending = readPending(storage, 7);
    expect(toRequestAnswers(pending)).toEqual([
      { questionId: 1, answer: [3], markedForReview: false },
      { questionId: 2, answer: [], markedForReview: true },
    ]);
    const changed = { ...pending, "1": { answer: [4], markedForReview: false } };
    expect(afterAcknowledged(changed, pending)).toEqual({ "1": { answer: [4], markedForReview: false } });
    writePending(storage, 7, {});
    expect(storage.items.size).toBe(0);
  });

  it("ignore broken storage", () => {
    expect(readPending({ getItem: () => "{not json" }, 1)).toEqual({});
    expect(readPending({ getItem: () => "[1,2]" }, 1)).toEqual({});
    expect(readPending(undefined, 1)).toEqual({});
  });
});

describe("the exam clock", () => {
  it("shows minutes : seconds and announces only at its marks", () => {
    expect([minutesSeconds(0), minutesSeconds(59.9), minutesSeconds(61), minutesSeconds(600), minutesSeconds(-5)]).toEqual(["0:00", "0:59", "1:01", "10:00", "0:00"]);
    expect(crossedMark(301, 300)).toBe(300);
    expect(crossedMark(300, 299)).toBeNull();
    expect(crossedMark(61, 59)).toBe(60);
    expect(crossedMark(45, 44)).toBeNull();
  });
});

describe("the exam's refusals", () => {
  it("are worded by code, each code the exam names with a text in every language", () => {
    for (const [lang, messages] of Object.entries(loadMessages("exam"))) {
      const t = (key: string) => messages[key.replace(/^exam:/, "")] ?? `MISSING ${lang}`;
      for (const code of Object.keys(EXAM_ERROR_KEYS) as ErrorCode[]) expect(translateExamError(t, { code, message: "English" })).not.toMatch(/^MISSING|^English$/);
    }
  });

  it("never read the English message when the code is known, and show it when the code has no wording", () => {
    const t = (key: string) => key;
    expect(translateExamError(t, { code: "ATTEMPT_LIMIT", message: "Reworded by the API" })).toBe("exam:errors.attemptLimit");
    expect(translateExamError(t, { code: "CONFLICT", message: "This question was already checked" })).toBe("This question was already checked");
  });

  it("put the wait after too many wrong quiz passwords in words, with its minutes", () => {
    const seen: [string, unknown][] = [];
    const t = (key: string, values?: Record<string, unknown>) => (seen.push([key, values]), key);
    for (const seconds of [59, 900]) {
      const refusal = quizPasswordWait(seconds);
      expect(translateExamError(t, { code: refusal.code as ErrorCode, message: refusal.message, retryAfterSeconds: refusal.retryAfterSeconds })).toBe("exam:password.wait");
    }
    expect(seen).toEqual([
      ["exam:password.wait", { count: 1 }],
      ["exam:password.wait", { count: 15 }],
    ]);
    for (const messages of Object.values(loadMessages("exam"))) expect(messages["password.wait_other"]).toMatch(/\{\{count\}\}/);
  });
});

// Issue 18: a failed start, save, Check or finish says what happened and what to do, in every language.
describe("the exam's failed calls", () => {
  const failures: ExamFailure[] = [
    { offline: true },
    { offline: false, status: 401, code: "UNAUTHENTICATED", message: "x" },
    { offline: false, status: 403, code: "FORBIDDEN", message: "Cross-site requests are not allowed" },
    { offline: false, status: 429, code: "RATE_LIMITED", message: "x" },
    { offline: false, status: 500, code: "INTERNAL", message: "x" },
    { offline: false, status: 400, code: "VALIDATION", message: "x" },
  ];
  const actions: ExamAction[] = ["start", "save", "check", "finish"];

  it("say what failed and what the student can do, in every language, never the English message", () => {
    for (const [lang, messages] of Object.entries(loadMessages("exam"))) {
      const t = (key: string) => messages[key.replace(/^exam:/, "")] ?? `MISSING ${key} in ${lang}`;
      for (const action of actions) {
        const texts = failures.map((failure) => examFailureMessage(t, action, failure));
        for (const text of texts) expect(text).not.toMatch(/MISSING|Cross-site/);
        // Each kind of failure is worded apart.
        expect(new Set(texts).size).toBe(failures.length);
      }
    }
  });

  it("choose the remedy by the action, and keep the exam's own wording for the codes it names", () => {
    const t = (key: string) => key;
    expect(examFailureMessage(t, "start", { offline: false, status: 500, code: "INTERNAL", message: "x" })).toBe("exam:failed.kind.server exam:failed.remedy.start");
    expect(examFailureMessage(t, "finish", { offline: true })).toBe("exam:failed.kind.offline exam:failed.remedy.finish");
    expect(examFailureMessage(t, "save", { offline: false, status: 404, code: "VALIDATION", message: "x" })).toBe("exam:failed.kind.refused exam:failed.remedy.saveRefused");
    expect(examFailureMessage(t, "save", { offline: false, status: 401, code: "UNAUTHENTICATED", message: "x" })).toBe("exam:failed.kind.session exam:failed.remedy.session");
    expect(examFailureMessage(t, "start", { offline: false, status: 403, code: "FORBIDDEN", message: "x" })).toBe("exam:failed.kind.forbidden exam:failed.remedy.start");
    expect(examFailureMessage(t, "start", { offline: false, status: 409, code: "ATTEMPT_LIMIT", message: "x" })).toBe("exam:errors.attemptLimit");
    expect(examFailureMessage(t, "check", { offline: false, status: 409, code: "QUESTION_CLOSED", message: "x" })).toBe("exam:errors.questionClosed");
  });
});

describe("spec 4's navigation rules", () => {
  const exam = {
    startedAt: 1_000_000,
    deadlineAt: 1_000_000 + 3 * 60_000,
    questions: [{ id: 11 }, { id: 12 }, { id: 13 }] as never,
    savedAnswers: [] as { questionId: number; answer: number[]; answerStatus: "empty" | "yes" | "no" | "not"; final: boolean }[],
  };

  it("names each answer state: a chosen option is yes, a review mark without one is not, a wrong Check is no", () => {
    expect(answerState(undefined)).toBe("empty");
    expect(answerState({ answer: [], markedForReview: false })).toBe("empty");
    expect(answerState({ answer: [], markedForReview: true })).toBe("not");
    expect(answerState({ answer: [4], markedForReview: false })).toBe("yes");
    expect(answerState({ answer: [4], markedForReview: false }, true)).toBe("no");
    expect(["empty", "yes", "no", "not"].filter((s) => canJumpTo(s as AnswerState))).toEqual(["empty", "not"]);
  });

  it("gives each question its own clock, never past its place in the schedule or the deadline", () => {
    const timed = { ...exam, questionTime: 60, deadlineAt: exam.startedAt + 3 * 60_000 };
    expect(questionMs({ ...timed, questionTime: null })).toBeNull();
    expect(questionMs(timed)).toBe(60_000);
    // Extra time given mid-exam (1.5): the next save brings the later deadline, every question gets its share.
    expect(questionMs({ ...timed, deadlineAt: exam.startedAt + 3 * 90_000 })).toBe(90_000);
    // Shown early: a full minute of its own.
    expect(questionEndsAt(exam, 60_000, 1, exam.startedAt + 10_000)).toBe(exam.startedAt + 70_000);
    // Shown late (after a reload): only what its place in the schedule leaves.
    expect(questionEndsAt(exam, 60_000, 1, exam.startedAt + 100_000)).toBe(exam.startedAt + 120_000);
  });

  it("resumes a per-question exam after the furthest answered question", () => {
    expect(resumeIndex({ ...exam, savedAnswers: [] })).toBe(0);
    expect(resumeIndex({ ...exam, savedAnswers: [{ questionId: 12, answer: [1], answerStatus: "yes", final: false }] })).toBe(2);
    expect(resumeIndex({ ...exam, savedAnswers: [{ questionId: 13, answer: [], answerStatus: "not", final: false }] })).toBe(2);
    expect(resumeIndex({ ...exam, savedAnswers: [{ questionId: 11, answer: [], answerStatus: "empty", final: false }] })).toBe(0);
  });

  // Issue 18: one by one gets the navigator, resumes where it stopped, and marks the checked option.
  it("one by one: resumes at the first question not checked, and knows what it has seen", () => {
    const final = checkedOnResume({
      savedAnswers: [
        { questionId: 11, answer: [1], answerStatus: "no", final: true },
        // Saved, not checked: not final, so not done, and not shown as right.
        { questionId: 12, answer: [2], answerStatus: "yes", final: false },
        { questionId: 13, answer: [3], answerStatus: "yes", final: true },
      ],
    });
    expect(final).toEqual({ 11: { answerStatus: "no" }, 13: { answerStatus: "yes" } });
    expect(firstOpenIndex(exam.questions as { id: number }[], final)).toBe(1);
    expect(seenOnResume(exam.questions as { id: number }[], final, 1)).toBe(2);
    expect(firstOpenIndex(exam.questions as { id: number }[], {})).toBe(0);
    expect(firstOpenIndex(exam.questions as { id: number }[], { 11: 1, 12: 1, 13: 1 })).toBe(2);
    expect(oneByOneState({ answer: [2], markedForReview: false }, undefined)).toBe("empty");
    expect(oneByOneState({ answer: [], markedForReview: true }, undefined)).toBe("not");
    expect(oneByOneState({ answer: [2], markedForReview: false }, "no")).toBe("no");
  });

  it("one by one: goes on in order until all were seen, then to the skipped ones, never back with per-question time", () => {
    // Questions 1..4, question 3 (index 2) skipped, 4 just checked.
    const open = [false, false, true, false];
    expect(nextIndex(0, [true, true, true, true], false, true)).toBe(1);
    expect(nextIndex(3, open, true, true)).toBe(2);
    expect(nextIndex(2, open, true, true)).toBeNull();
    expect(nextIndex(3, open, true, false)).toBeNull();
    expect(nextIndex(1, open, true, false)).toBe(2);
    // The navigator: only skipped questions, only once all were seen, only without per-question time.
    expect([0, 1, 2, 3].filter((i) => canRevisit(i, 3, open, true, true))).toEqual([2]);
    expect([0, 1, 2, 3].filter((i) => canRevisit(i, 1, open, false, true))).toEqual([]);
    expect([0, 1, 2, 3].filter((i) => canRevisit(i, 3, open, true, false))).toEqual([]);
  });

  it("marks each option of a checked answer: judged alone with the key, by the whole verdict without it", () => {
    const key = { answerStatus: "no" as const, correctOptionIds: [1, 3] };
    expect([1, 2, 3, 4].map((id) => optionVerdict(id, [1, 2], "checkbox", key))).toEqual(["chosenRight", "chosenWrong", "missed", null]);
    expect([1, 2].map((id) => optionVerdict(id, [2], "radio", { answerStatus: "no" }))).toEqual([null, "chosenWrong"]);
    expect([1, 2].map((id) => optionVerdict(id, [1], "radio", { answerStatus: "yes" }))).toEqual(["chosenRight", null]);
    expect([1, 2].map((id) => optionVerdict(id, [1, 2], "checkbox", { answerStatus: "no" }))).toEqual(["answerWrong", "answerWrong"]);
  });
});
