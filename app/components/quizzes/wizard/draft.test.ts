import { describe, expect, it } from "vitest";
import * as server from "../../../../db/schema/quizzes";
import { draftFromQuiz, draftPayload, epochSecondsOf, newDraft, NO_TIME_LIMIT, QUIZ_LEVELS, QUIZ_STATUSES, QUIZ_TIME_TYPES, QUIZ_TYPES, SHOW_ANSWER_TIMINGS, type StoredQuiz } from "./draft";
import { goToStep, stepOfFields, stepState, wizardSteps } from "./steps";

describe("the wizard's draft", () => {
  it("uses the server's enumerations", () => {
    expect([QUIZ_TYPES, QUIZ_LEVELS, QUIZ_STATUSES, QUIZ_TIME_TYPES, NO_TIME_LIMIT, SHOW_ANSWER_TIMINGS]).toEqual([server.QUIZ_TYPES, server.QUIZ_LEVELS, server.QUIZ_STATUSES, server.QUIZ_TIME_TYPES, server.NO_TIME_LIMIT, server.SHOW_ANSWER_TIMINGS]);
  });

  it("starts with the spec's defaults: time 1, show answers Yes, negative marking No, Draft", () => {
    expect(newDraft()).toMatchObject({ time: "1", showAnswerTiming: "AfterEachAttempt", negativeMarking: "No", status: "Draft", quizType: "questions", totalQuestion: "" });
    expect(draftPayload(newDraft(), "UTC")).toMatchObject({ showAnswer: "Yes", showAnswerTiming: "AfterEachAttempt" });
  });

  it("sends the review timing with the spec's showAnswer derived from it (ADR 0030)", () => {
    expect(draftPayload({ ...newDraft(), showAnswerTiming: "AfterLastAttempt" }, "UTC")).toMatchObject({ showAnswer: "Yes", showAnswerTiming: "AfterLastAttempt" });
    expect(draftPayload({ ...newDraft(), showAnswerTiming: "Never" }, "UTC")).toMatchObject({ showAnswer: "No", showAnswerTiming: "Never" });
  });

  it("sends dates only for a date range, as epoch seconds, and -1 for no time limit", () => {
    const draft = { ...newDraft(), status: "DateRange", startDate: "2030-05-01T09:00", endDate: "", noTimeLimit: true, totalQuestion: " 4 " };
    const payload = draftPayload(draft, "UTC");
    expect(payload.startDate).toBe(Math.floor(new Date("2030-05-01T09:00").getTime() / 1000));
    expect(payload.endDate).toBeNull();
    expect(payload.time).toBe(-1);
    expect(payload.totalQuestion).toBe("4");
    expect(draftPayload({ ...draft, status: "Published" }, "UTC").startDate).toBeNull();
    expect(draftPayload({ ...newDraft(), totalQuestion: "" }, "UTC").totalQuestion).toBeNull();
  });

  it("keeps what the teacher typed, so the server's message names a wrong number", () => {
    expect(draftPayload({ ...newDraft(), time: "soon", attemptsAllowed: "x" }, "UTC")).toMatchObject({ time: "soon", attemptsAllowed: "x" });
  });

  it("sends the wrong-answer count only with negative marking, and source quizzes only for quiz-based quizzes", () => {
    expect(draftPayload({ ...newDraft(), consuctiveWrongAnswersForNegativeMarking: "3" }, "UTC").consuctiveWrongAnswersForNegativeMarking).toBe(0);
    expect(draftPayload({ ...newDraft(), negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: "3" }, "UTC").consuctiveWrongAnswersForNegativeMarking).toBe("3");
    expect(draftPayload({ ...newDraft(), selectedQuizes: [4] }, "UTC").selectedQuizes).toEqual([]);
    expect(draftPayload({ ...newDraft(), quizType: "quizzes", selectedQuizes: [4] }, "UTC").selectedQuizes).toEqual([4]);
  });

  it("reads a stored quiz back: -1 or an empty time type is 'no time limit' (spec 4)", () => {
    const stored: StoredQuiz = {
      quizType: "questions", quizName: "Q", quizDescription: "D", category: "C", course: "K", level: "Easy", totalQuestion: 2, status: "DateRange",
      startDate: 1_900_000_000, endDate: null, time: -1, quiztimetype: "Quiz", attemptsAllowed: 3, allowSkip: "No", takeBestScore: "Yes", showAnswer: "No", showAnswerTiming: "Never",
      negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: 2, password: "pw", isPremium: true, profile: [3], department: [1], selectedQuizes: [], selectedQuestions: [5, 6],
      passPercentage: 62.5,
    };
    const draft = draftFromQuiz(stored, "Asia/Tokyo");
    expect(draft).toMatchObject({ noTimeLimit: true, time: "1", totalQuestion: "2", attemptsAllowed: "3", consuctiveWrongAnswersForNegativeMarking: "2", endDate: "", passPercentage: "62.5" });
    // ADR 0076: no pass mark is an empty field, sent back as "" (none).
    expect(draftFromQuiz({ ...stored, passPercentage: null }, "UTC").passPercentage).toBe("");
    expect(draftPayload({ ...newDraft(), passPercentage: " 50 " }, "UTC").passPercentage).toBe("50");
    // Read and written on the given zone's clock, whatever the machine's zone (ADR 0062).
    expect(draft.startDate).toBe("2030-03-18T02:46");
    expect(epochSecondsOf(draft.startDate, "Asia/Tokyo")).toBe(1_900_000_000 - (1_900_000_000 % 60));
    expect(draftFromQuiz({ ...stored, time: 20, quiztimetype: "" }, "Asia/Tokyo").noTimeLimit).toBe(true);
    expect(draftFromQuiz({ ...stored, time: 20 }, "Asia/Tokyo").time).toBe("20");
    expect(epochSecondsOf("not a date", "UTC")).toBeNull();
  });
});

describe("the wizard's steps", () => {
  it("has Quiz Type only when creating and Pick Quizes only for quiz-based quizzes", () => {
    expect(wizardSteps("create", "questions")).toEqual(["type", "details", "settings", "visibility", "pickQuestions"]);
    expect(wizardSteps("create", "quizzes")).toEqual(["type", "details", "settings", "visibility", "pickQuizzes", "pickQuestions"]);
    expect(wizardSteps("edit", "questions")).toEqual(["details", "settings", "visibility", "pickQuestions"]);
  });

  it("marks steps done, current or pending, and ignores going to the same step or beyond the last (spec 4)", () => {
    expect([0, 1, 2].map((i) => stepState(i, 1))).toEqual(["done", "current", "pending"]);
    expect(goToStep(1, 1, 4)).toBe(1);
    expect(goToStep(1, 4, 4)).toBe(1);
    expect(goToStep(1, -1, 4)).toBe(1);
    expect(goToStep(1, 3, 4)).toBe(3);
  });

  it("finds the step that shows a refused field", () => {
    const steps = wizardSteps("create", "questions");
    expect(stepOfFields(steps, ["selectedQuestions", "time"])).toBe("settings");
    expect(stepOfFields(steps, ["nothing"])).toBeUndefined();
  });
});
