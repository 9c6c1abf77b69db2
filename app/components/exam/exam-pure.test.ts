import { describe, expect, it } from "vitest";
import { ATTEMPT_MESSAGES } from "../../../api/services/attempts/schemas";
import { NotFound } from "../../../api/errors";
import { loadMessages } from "../../../locales/messages.node";
import { afterAcknowledged, readPending, toRequestAnswers, writePending } from "./answer-store";
import { crossedMark, minutesSeconds } from "./clock";
import { EXAM_MESSAGES, translateExamMessage } from "./messages";

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

describe("the exam's server messages", () => {
  it("are the verbs' own texts, each with a text in every language", () => {
    const known = new Set<string>([...Object.values(ATTEMPT_MESSAGES), new NotFound("quiz").message]);
    expect(EXAM_MESSAGES.filter((m) => !known.has(m))).toEqual([]);
    for (const [lang, messages] of Object.entries(loadMessages("exam"))) {
      for (const message of EXAM_MESSAGES) expect(translateExamMessage((key) => messages[key.replace(/^exam:/, "")] ?? `MISSING ${lang}`, message)).not.toMatch(/^MISSING/);
    }
  });
});
