import { describe, expect, it } from "vitest";
import type { QuestionKey } from "../attempts/scoring";
import { markOfGrade } from "./mark-of-grade";

/** The mark a grader gives (ADR 0069), pure: typed marks, a rubric's sum, and each refusal by code. */
const essay = (markHundredths: number, rubric?: unknown): QuestionKey => ({
  id: 1,
  optionType: "essay",
  correctOptionIds: [],
  answerKey: rubric ? { rubric } : {},
  markHundredths,
});
const RUBRIC = [
  { criterion: "Clarity", levels: [{ label: "Weak", points: 0 }, { label: "Clear", points: 2 }] },
  { criterion: "Argument", levels: [{ label: "None", points: 0 }, { label: "Strong", points: 1.5 }] },
];
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string; params?: unknown; fieldErrors?: unknown }).code;
  }
  throw new Error("not refused");
};

describe("markOfGrade", () => {
  it("takes a typed mark from 0 to the question's mark with two decimals, as a fraction of it", () => {
    expect(markOfGrade(essay(300), { mark: 1.75 })).toMatchObject({ markHundredths: 175, rubricLevels: null });
    expect(markOfGrade(essay(300), { mark: 1.75 }).fraction).toBeCloseTo(1.75 / 3, 12);
    expect(markOfGrade(essay(300), { mark: 0 }).fraction).toBe(0);
    expect(markOfGrade(essay(300), { mark: 3 }).fraction).toBe(1);
    expect(markOfGrade(essay(300), { mark: 0.29 }).markHundredths).toBe(29);
  });

  it("sums the chosen rubric levels when no mark is given, and a typed mark wins over the levels", () => {
    expect(markOfGrade(essay(400, RUBRIC), { rubric: [{ criterion: 0, level: 1 }, { criterion: 1, level: 1 }] })).toMatchObject({ markHundredths: 350, rubricLevels: [{ criterion: 0, level: 1 }, { criterion: 1, level: 1 }] });
    expect(markOfGrade(essay(400, RUBRIC), { mark: 4, rubric: [{ criterion: 0, level: 1 }] }).markHundredths).toBe(400);
  });

  it("refuses by code: out of range, three decimals, nothing given, no rubric, an unknown level, a criterion twice, a sum above the mark", () => {
    expect(refusal(() => markOfGrade(essay(200), { mark: 2.01 }))).toBe("GRADE_MARK_INVALID");
    expect(refusal(() => markOfGrade(essay(200), { mark: -0.01 }))).toBe("GRADE_MARK_INVALID");
    expect(refusal(() => markOfGrade(essay(200), { mark: 1.005 }))).toBe("GRADE_MARK_INVALID");
    expect(refusal(() => markOfGrade(essay(200), { mark: Number.NaN }))).toBe("GRADE_MARK_INVALID");
    expect(refusal(() => markOfGrade(essay(200), {}))).toBe("GRADE_MARK_OR_RUBRIC");
    expect(refusal(() => markOfGrade(essay(200), { rubric: [{ criterion: 0, level: 0 }] }))).toBe("GRADE_NO_RUBRIC");
    expect(refusal(() => markOfGrade(essay(400, RUBRIC), { rubric: [{ criterion: 2, level: 0 }] }))).toBe("GRADE_RUBRIC_LEVEL_UNKNOWN");
    expect(refusal(() => markOfGrade(essay(400, RUBRIC), { rubric: [{ criterion: 0, level: 0 }, { criterion: 0, level: 1 }] }))).toBe("GRADE_RUBRIC_CRITERION_REPEATED");
    expect(refusal(() => markOfGrade(essay(300, RUBRIC), { rubric: [{ criterion: 0, level: 1 }, { criterion: 1, level: 1 }] }))).toBe("GRADE_RUBRIC_OVER_MARK");
  });
});
