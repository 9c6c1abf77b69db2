import { describe, expect, it } from "vitest";
import { type ClassSettings, effectiveSettings, isOpenAt } from "./effective-settings";

/** ADR 0079: the one rule for a student's settings on a quiz set for classes. */
const quiz = { startDate: 1_000, endDate: 2_000, time: 20, attemptsAllowed: 1, password: "" };
const inherit: ClassSettings = { startDate: null, endDate: null, time: null, attemptsAllowed: null, password: null };
const cls = (fields: Partial<ClassSettings>): ClassSettings => ({ ...inherit, ...fields });

describe("effectiveSettings", () => {
  it("is the quiz's own when the student is in none of its classes and has no override", () => {
    expect(effectiveSettings(quiz, [], null)).toEqual({ startDate: 1_000, endDate: 2_000, time: 20, attemptsAllowed: 1, passwords: [] });
  });

  it("takes a class's values, the quiz's where the class has none", () => {
    expect(effectiveSettings(quiz, [cls({ endDate: 5_000, attemptsAllowed: 2 })], null)).toEqual({ startDate: 1_000, endDate: 5_000, time: 20, attemptsAllowed: 2, passwords: [] });
  });

  it("gives a student of several classes the most generous: earliest start, latest end, longest time, most attempts", () => {
    const a = cls({ startDate: 3_000, endDate: 4_000, time: 30, attemptsAllowed: 1 });
    const b = cls({ startDate: 500, endDate: 3_500, time: 45, attemptsAllowed: 3 });
    expect(effectiveSettings(quiz, [a, b], null)).toMatchObject({ startDate: 500, endDate: 4_000, time: 45, attemptsAllowed: 3 });
    // A class inheriting the quiz's later end wins over an earlier class end.
    expect(effectiveSettings(quiz, [cls({ endDate: 1_500 }), inherit], null).endDate).toBe(2_000);
  });

  it("counts no time limit (-1) as the longest, and no bound (a Published quiz) as the widest window", () => {
    expect(effectiveSettings(quiz, [cls({ time: 90 }), cls({ time: -1 })], null).time).toBe(-1);
    const published = { ...quiz, startDate: null, endDate: null };
    expect(effectiveSettings(published, [cls({ startDate: 100, endDate: 200 }), inherit], null)).toMatchObject({ startDate: null, endDate: null });
    expect(effectiveSettings(published, [cls({ startDate: 100, endDate: 200 })], null)).toMatchObject({ startDate: 100, endDate: 200 });
  });

  it("lets an override replace exactly what it sets", () => {
    const settings = effectiveSettings(quiz, [cls({ attemptsAllowed: 2, time: 30 })], { startDate: null, endDate: 9_000, time: null, attemptsAllowed: 4 });
    expect(settings).toMatchObject({ startDate: 1_000, endDate: 9_000, time: 30, attemptsAllowed: 4 });
    // An override may also give less than the classes (a student moved to a shorter sitting).
    expect(effectiveSettings(quiz, [cls({ attemptsAllowed: 3 })], { startDate: null, endDate: null, time: null, attemptsAllowed: 1 }).attemptsAllowed).toBe(1);
  });

  it("opens with any password of the student's classes, a class's replacing the quiz's; a class with none needs none", () => {
    const locked = { ...quiz, password: "quiz-pw" };
    expect(effectiveSettings(locked, [], null).passwords).toEqual(["quiz-pw"]);
    expect(effectiveSettings(locked, [cls({ password: "class-a" })], null).passwords).toEqual(["class-a"]);
    expect(effectiveSettings(locked, [cls({ password: "class-a" }), inherit], null).passwords).toEqual(["class-a", "quiz-pw"]);
    expect(effectiveSettings(quiz, [cls({ password: "class-a" }), inherit], null).passwords).toEqual([]);
  });
});

describe("isOpenAt", () => {
  it("is inclusive at both ends and unbounded where a date is null", () => {
    expect([999, 1_000, 2_000, 2_001].map((now) => isOpenAt({ startDate: 1_000, endDate: 2_000 }, now))).toEqual([false, true, true, false]);
    expect(isOpenAt({ startDate: null, endDate: null }, 0)).toBe(true);
  });
});
