import { describe, expect, it } from "vitest";
import { readTypedNumber } from "./number-text";
import { markNumerical, type NumericalKey } from "./numerical";

const key = (overrides: Partial<NumericalKey> = {}): NumericalKey => ({
  answers: [{ value: 30, tolerance: 5, credit: 100 }],
  units: [],
  unitRequired: false,
  unitPenalty: 0.1,
  ...overrides,
});

describe("reading a typed number", () => {
  it("takes . or , as the decimal mark, a sign, an exponent, and the text after it as the unit", () => {
    expect(readTypedNumber("3.5")).toEqual({ value: 3.5, unit: "" });
    expect(readTypedNumber("3,5")).toEqual({ value: 3.5, unit: "" });
    expect(readTypedNumber(" -0,25 ")).toEqual({ value: -0.25, unit: "" });
    expect(readTypedNumber("\u22122")).toEqual({ value: -2, unit: "" });
    expect(readTypedNumber(".5")).toEqual({ value: 0.5, unit: "" });
    expect(readTypedNumber("1.5e3")).toEqual({ value: 1500, unit: "" });
    expect(readTypedNumber("2E-4")).toEqual({ value: 0.0002, unit: "" });
    expect(readTypedNumber("9.8 m/s²")).toEqual({ value: 9.8, unit: "m/s²" });
    expect(readTypedNumber("250cm")).toEqual({ value: 250, unit: "cm" });
  });

  it("reads a comma as the decimal mark, never as thousands: 1,234 is 1.234", () => {
    expect(readTypedNumber("1,234")).toEqual({ value: 1.234, unit: "" });
  });

  it("refuses what is no number, and numbers too large to hold", () => {
    for (const typed of ["", "abc", "1.2.3", "30 5", "1,5,0", "--1", "e5", "1e99999", "one"]) expect(readTypedNumber(typed), typed).toBeUndefined();
  });
});

describe("numerical: Moodle's rules", () => {
  it("accepts any number within the tolerance (30 with an error of 5 takes 25 to 35)", () => {
    for (const value of ["25", "30", "35", "27,5"]) expect(markNumerical(key(), { value }), value).toBe(1);
    for (const value of ["24.9", "35.01", "-30"]) expect(markNumerical(key(), { value }), value).toBe(0);
  });

  it("gives the credit of the first accepted value the number is within (Larkin: 1922 exactly, the 1920s for half)", () => {
    const larkin = key({
      answers: [
        { value: 1922, tolerance: 0, credit: 100 },
        { value: 1924.5, tolerance: 4.5, credit: 50 },
      ],
    });
    expect(markNumerical(larkin, { value: "1922" })).toBe(1);
    expect(markNumerical(larkin, { value: "1925" })).toBe(0.5);
    expect(markNumerical(larkin, { value: "1930" })).toBe(0);
  });

  it("takes 0.1 + 0.2 for 0.3: binary rounding is absorbed", () => {
    expect(markNumerical(key({ answers: [{ value: 0.3, tolerance: 0, credit: 100 }] }), { value: String(0.1 + 0.2) })).toBe(1);
  });

  const metres = key({
    answers: [{ value: 2.5, tolerance: 0, credit: 100 }],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 100 },
      { unit: "km", multiplier: 0.001 },
    ],
  });

  it("divides a number in a listed unit by its multiplier, from the unit field or the text after the number", () => {
    expect(markNumerical(metres, { value: "2.5", unit: "m" })).toBe(1);
    expect(markNumerical(metres, { value: "250", unit: "cm" })).toBe(1);
    expect(markNumerical(metres, { value: "0,0025 km" })).toBe(1);
    expect(markNumerical(metres, { value: "250", unit: "m" })).toBe(0);
  });

  it("with the unit optional, reads a number without a (known) unit as in the key's unit, with no penalty", () => {
    expect(markNumerical(metres, { value: "2.5" })).toBe(1);
    expect(markNumerical(metres, { value: "2.5", unit: "furlongs" })).toBe(1);
  });

  it("with the unit required, takes the unit penalty off when it is missing or unknown, never below 0", () => {
    const required = { ...metres, unitRequired: true, unitPenalty: 0.25 };
    expect(markNumerical(required, { value: "250", unit: "cm" })).toBe(1);
    expect(markNumerical(required, { value: "2.5" })).toBe(0.75);
    expect(markNumerical(required, { value: "2.5 yards" })).toBe(0.75);
    expect(markNumerical({ ...required, answers: [{ value: 2.5, tolerance: 0, credit: 20 }] }, { value: "2.5" })).toBe(0);
  });

  it("compares units with letter case: mm is not Mm", () => {
    const mm = key({ answers: [{ value: 1, tolerance: 0, credit: 100 }], units: [{ unit: "m", multiplier: 1 }, { unit: "mm", multiplier: 1000 }], unitRequired: true, unitPenalty: 1 });
    expect(markNumerical(mm, { value: "1000", unit: "mm" })).toBe(1);
    expect(markNumerical(mm, { value: "1000", unit: "Mm" })).toBe(0);
  });

  it("refuses text after the number when no units are listed, and two units at once", () => {
    expect(markNumerical(key(), { value: "30 apples" })).toBe(0);
    expect(markNumerical(metres, { value: "2.5 m", unit: "m" })).toBe(0);
  });
});
