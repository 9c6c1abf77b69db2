import { describe, expect, it } from "vitest";
import { quizPasswordWait } from "../../../api/services/attempts/quiz-password";
import { loadMessages } from "../../../locales/messages.node";
import { afterAcknowledged, readPending, toRequestAnswers, writePending } from "./answer-store";
import { crossedMark, minutesSeconds } from "./clock";
import { EXAM_ERROR_KEYS, translateExamError } from "./messages";
import type { ErrorCode } from "../../../api/services/core/errors";
import { type AnswerState, answerState, canJumpTo, questionEndsAt, questionMs, resumeIndex } from "./navigation";

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
      expect(translateExamError(t, { code: refusal.code, message: refusal.message, retryAfterSeconds: refusal.retryAfterSeconds })).toBe("exam:password.wait");
    }
    expect(seen).toEqual([
      ["exam:password.wait", { count: 1 }],
      ["exam:password.wait", { count: 15 }],
    ]);
    for (const messages of Object.values(loadMessages("exam"))) expect(messages["password.wait_other"]).toMatch(/\{\{count\}\}/);
  });
});

describe("spec 4's navigation rules", () => {
  const exam = {
    startedAt: 1_000_000,
    deadlineAt: 1_000_000 + 3 * 60_000,
    questions: [{ id: 11 }, { id: 12 }, { id: 13 }] as never,
    savedAnswers: [] as { questionId: number; answer: number[]; answerStatus: "empty" | "yes" | "no" | "not" }[],
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
    expect(resumeIndex({ ...exam, savedAnswers: [{ questionId: 12, answer: [1], answerStatus: "yes" }] })).toBe(2);
    expect(resumeIndex({ ...exam, savedAnswers: [{ questionId: 13, answer: [], answerStatus: "not" }] })).toBe(2);
    expect(resumeIndex({ ...exam, savedAnswers: [{ questionId: 11, answer: [], answerStatus: "empty" }] })).toBe(0);
  });
});
