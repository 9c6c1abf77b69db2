import { z } from "@hono/zod-openapi";
import { acceptedAnswers, answerObject, boundedList, credit, keyNumber, keyObject, oneLineKeyText, said, tolerance, typedText } from "./fields";
import { MARKING_LIMITS as L } from "./limits";
import { readTypedNumber } from "./number-text";

/** One accepted value: right when the typed number is within `tolerance` of it (nominal, absolute). */
export const AcceptedValue = keyObject({ value: keyNumber, tolerance: tolerance.default(0), credit });
export type AcceptedValue = z.output<typeof AcceptedValue>;

/**
 * A unit and its multiplier, as Moodle has them: the key's values are in the unit whose
 * multiplier is 1, and a number typed in a unit is divided by that unit's multiplier first
 * (base "m" 1, "cm" 100, "km" 0.001: "250 cm" is read as 2.5 m).
 */
export const NumericalUnit = keyObject({
  unit: oneLineKeyText(L.unitText),
  multiplier: z.number({ error: said("ANSWER_KEY_UNIT_MULTIPLIER") }).positive(said("ANSWER_KEY_UNIT_MULTIPLIER")),
});

const unitPenalty = z.number({ error: said("ANSWER_KEY_UNIT_PENALTY") }).min(0, said("ANSWER_KEY_UNIT_PENALTY")).max(1, said("ANSWER_KEY_UNIT_PENALTY"));

/** decisions.md: `numerical { answers: [{ value, tolerance, credit }], units: [{ unit, multiplier }], unitRequired, unitPenalty }`. */
export const NumericalKey = keyObject({
  answers: acceptedAnswers(AcceptedValue),
  units: boundedList(NumericalUnit, 0, L.maxUnits, said("ANSWER_KEY_UNITS_COUNT", { max: L.maxUnits }))
    .refine((units) => new Set(units.map((u) => unitName(u.unit))).size === units.length, said("ANSWER_KEY_UNIT_REPEATED"))
    .default([]),
  unitRequired: z.boolean({ error: said("ANSWER_KEY_SHAPE") }).default(false),
  /** The fraction of the question's mark taken off when a required unit is missing or unknown. */
  unitPenalty: unitPenalty.default(0.1),
}).refine((key) => !key.unitRequired || key.units.length > 0, { path: ["unitRequired"], error: said("ANSWER_KEY_UNIT_REQUIRED_WITHOUT_UNITS") });
export type NumericalKey = z.output<typeof NumericalKey>;

/** decisions.md: `{ value, unit? }`, the text as typed. */
export const NumericalAnswer = answerObject({ value: typedText(L.typedNumber), unit: typedText(L.typedNumber).optional() });
export type NumericalAnswer = z.output<typeof NumericalAnswer>;

/** A unit as compared: composed, trimmed, inner spaces one; letter case counts ("mm" is not "Mm"). */
const unitName = (unit: string) => unit.normalize("NFC").trim().replace(/\s+/g, " ");

/**
 * Whether `value` is within the accepted value's tolerance. As Moodle does, a sliver of slack
 * (10⁻¹² of the value, at least 10⁻¹²) absorbs binary rounding: 0.1 + 0.2 is 0.3 here.
 */
export function withinTolerance(value: number, accepted: Pick<AcceptedValue, "value" | "tolerance">): boolean {
  const slack = 1e-12 * Math.max(1, Math.abs(accepted.value));
  return Math.abs(value - accepted.value) <= accepted.tolerance + slack;
}

/** The credit (0–1) of the first accepted value, in the author's order, that `value` is within. */
export function markNumber(value: number, answers: readonly Pick<AcceptedValue, "value" | "tolerance" | "credit">[]): number {
  const first = answers.find((accepted) => withinTolerance(value, accepted));
  return first ? first.credit / 100 : 0;
}

/**
 * Moodle's numerical rules: the typed number (`.` or `,` as the decimal mark), in a listed unit
 * (the `unit` field, or the text after the number), divided by its multiplier, earns the credit
 * of the first accepted value it is within. A unit that is missing or not listed leaves the
 * number as typed; when the unit is required, that costs `unitPenalty` (a fraction of the
 * mark taken off, never below 0). Without listed units, text after the number is no number.
 */
export function markNumerical(key: NumericalKey, answer: NumericalAnswer): number {
  const typed = readTypedNumber(answer.value);
  if (!typed) return 0;
  const unitField = answer.unit === undefined ? "" : unitName(answer.unit);
  if (unitField !== "" && typed.unit !== "") return 0; // two units, or text that is no number
  const typedUnit = unitName(unitField || typed.unit);
  if (key.units.length === 0 && typedUnit !== "") return 0;
  const unit = key.units.find((listed) => unitName(listed.unit) === typedUnit);
  const fraction = markNumber(unit ? typed.value / unit.multiplier : typed.value, key.answers);
  const unitIsRight = unit !== undefined || key.units.length === 0;
  return key.unitRequired && !unitIsRight ? Math.max(0, fraction - key.unitPenalty) : fraction;
}

export const isNumericalAnswered = (answer: NumericalAnswer) => answer.value.trim() !== "";
