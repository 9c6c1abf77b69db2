import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "../core/errors";
// The catalogue renders the schemas' coded messages (spec 8's counts) in English, as it does in the API and the pages.
import "../message-codes";
import type { AdminSetting } from "../admin-settings/schemas";
import { applyOwnerPolicy } from "./owner-policy";
import { CREATE_DEFAULTS, normalizeAliases, QuizComplete, QuizIdInput, QuizPatch } from "./schemas";

const complete = {
  ...CREATE_DEFAULTS,
  quizName: "Quiz",
  quizDescription: "About it",
  category: "Maths",
  course: "Algebra",
  level: "Easy",
  status: "Draft",
  allowSkip: "No",
  takeBestScore: "Yes",
  negativeMarking: "No",
  attemptsAllowed: 1,
  quiztimetype: "Quiz",
  time: 1,
  selectedQuestions: [1, 2],
};

const errorsOf = (schema: typeof QuizComplete | typeof QuizPatch | typeof QuizIdInput, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : zodFieldErrors(result.error);
};

describe("QuizPatch", () => {
  it("reads numbers sent as text, trims names, de-duplicates id lists and leaves out what was not sent", () => {
    const patch = QuizPatch.parse({ quizName: "  Named  ", time: " 12 ", totalQuestion: "", selectedQuestions: ["3", 1, 3], profile: [2, 2] });
    expect(patch).toEqual({ quizName: "Named", time: 12, totalQuestion: null, selectedQuestions: [3, 1], profile: [2] });
    expect("status" in patch).toBe(false);
  });

  it("refuses text that is not a whole number, fractions, and values outside the spec's ranges", () => {
    expect(errorsOf(QuizPatch, { time: "ten", attemptsAllowed: 1.5, totalQuestion: 101, consuctiveWrongAnswersForNegativeMarking: -1 })).toEqual({
      time: "Time must be a whole number of minutes from 1 to 100, or -1 for no limit",
      attemptsAllowed: "No of attempts must be a whole number from 1 to 100",
      totalQuestion: "Total questions must be a whole number from 1 to 100",
      consuctiveWrongAnswersForNegativeMarking: "The number of wrong answers must be a whole number from 0 to 100",
    });
    expect(errorsOf(QuizPatch, { time: -2 }).time).toBeDefined();
    expect(errorsOf(QuizPatch, { time: -1 })).toEqual({});
  });

  it("caps id lists (a quiz holds at most 100 questions)", () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(errorsOf(QuizPatch, { selectedQuestions: many }).selectedQuestions).toBe("Total questions cannot be more than 100");
    expect(errorsOf(QuizPatch, { profile: many }).profile).toBe("profile may hold at most 100 ids");
  });

  it("folds the spec's aliases into the main names; the main name wins", () => {
    expect(normalizeAliases(QuizPatch.parse({ timeType: "Question", starttimestamp: 5, endtimestamp: 9 }))).toMatchObject({ quiztimetype: "Question", startDate: 5, endDate: 9 });
    expect(normalizeAliases(QuizPatch.parse({ timeType: "Question", quiztimetype: "Quiz", startDate: 1, starttimestamp: 5 }))).toMatchObject({ quiztimetype: "Quiz", startDate: 1 });
  });
});

describe("QuizComplete", () => {
  it("accepts a complete quiz", () => {
    expect(errorsOf(QuizComplete, complete)).toEqual({});
  });

  it("applies the rules between fields with the spec's texts", () => {
    expect(errorsOf(QuizComplete, { ...complete, status: "DateRange" })).toEqual({
      startDate: "Start date is required for date range",
      endDate: "End date is required for date range",
    });
    expect(errorsOf(QuizComplete, { ...complete, status: "DateRange", startDate: 10, endDate: 10 })).toEqual({});
    expect(errorsOf(QuizComplete, { ...complete, negativeMarking: "Yes" })).toEqual({
      consuctiveWrongAnswersForNegativeMarking: "Please provide number of wrong answers for negative marking",
    });
    expect(errorsOf(QuizComplete, { ...complete, totalQuestion: 1 })).toEqual({ selectedQuestions: "Total questions cannot be more than 1" });
    expect(errorsOf(QuizComplete, { ...complete, totalQuestion: 3 })).toEqual({
      selectedQuestions: "You set total questions : 3 but you have selected only 2. Please select accordingly.",
    });
    expect(errorsOf(QuizComplete, { ...complete, totalQuestion: null })).toEqual({});
  });
});

describe("QuizIdInput", () => {
  it("needs a positive whole quizId", () => {
    expect(errorsOf(QuizIdInput, {})).toEqual({ quizId: "quizId is required" });
    for (const quizId of [0, -3, 1.5, "abc", [1], 1e300]) expect(errorsOf(QuizIdInput, { quizId }).quizId, String(quizId)).toBe("quizId must be a quiz id");
    expect(QuizIdInput.parse({ quizId: "7" })).toEqual({ quizId: 7 });
  });
});

describe("applyOwnerPolicy", () => {
  const allowed: AdminSetting = {
    quizTimeSettingAllowed: "Yes",
    questionTimeSettingAllowed: "Yes",
    negativeMarkingSettingAllowed: "Yes",
    showAnswerSettingAllowed: "Yes",
    passwordQuizSettingAllowed: "Yes",
    internalizationSettingAllowed: "Yes",
    maximumRoleLevelForTeacher: 4,
    enableSubscription: "No",
    teacherRegistration: "Approval",
    defaultRoleLevel: 8,
    completionCertificateBelowPass: "No",
    leaderBoardForStudents: "Anonymous",
    timeZone: null,
  };
  const teacherChose = { time: 20, quiztimetype: "Question", negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: 2, password: "pw", showAnswer: "No" } as const;

  it("changes nothing when everything is allowed", () => {
    expect(applyOwnerPolicy(teacherChose, allowed)).toEqual(teacherChose);
  });

  it("forces each setting the owner does not allow", () => {
    expect(applyOwnerPolicy(teacherChose, { ...allowed, quizTimeSettingAllowed: "No" })).toMatchObject({ time: -1, quiztimetype: "Quiz" });
    expect(applyOwnerPolicy(teacherChose, { ...allowed, questionTimeSettingAllowed: "No" })).toMatchObject({ time: 20, quiztimetype: "Quiz" });
    expect(applyOwnerPolicy(teacherChose, { ...allowed, negativeMarkingSettingAllowed: "No" })).toMatchObject({ negativeMarking: "No", consuctiveWrongAnswersForNegativeMarking: 0 });
    expect(applyOwnerPolicy(teacherChose, { ...allowed, passwordQuizSettingAllowed: "No" })).toMatchObject({ password: "" });
    expect(applyOwnerPolicy(teacherChose, { ...allowed, showAnswerSettingAllowed: "No" })).toMatchObject({ showAnswer: "Yes" });
  });
});
