import { MARKING_LIMITS as L } from "./limits";
import { ANSWER_SCHEMAS, type AnswerOf } from "./schemas";

/**
 * Reading a saved answer of a type without options for marking (issue 26 "Speed"). It passed its
 * type's schema when it was saved (typed-answer.ts), so marking checks its shape by hand, the very
 * rules of the schema (marking/schemas.ts) written as plain checks, which cost a tenth of zod's
 * reading: a submit of a mixed paper marks 25 of them and zod was 40 % of that marking. What the
 * hand check does not accept (a value stored by older code, or changed behind the engine's back)
 * still goes through the schema, so marking reads exactly what it read before and never throws.
 */
export type ReadType = "shortAnswer" | "numerical" | "matching" | "ordering" | "cloze";

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);

/** strictObject: no key but these (a JSON value's keys are its own). */
function hasOnly(value: Fields, keys: readonly string[]): boolean {
  for (const key in value) if (!keys.includes(key)) return false;
  return true;
}

/** fields.ts typedText(max). */
const isTyped = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;

/** fields.ts opaqueId. */
const isOpaqueId = (value: unknown): value is string => typeof value === "string" && value.length >= 1 && value.length <= L.idText;

/** fields.ts answerParts(entry, max), every index read (a hole is no entry), and each entry once where `distinct` says so. */
function isParts(value: unknown, max: number, entry: (part: unknown) => boolean, distinct?: (part: never) => unknown): value is unknown[] {
  if (!Array.isArray(value) || value.length > max) return false;
  for (let i = 0; i < value.length; i++) if (!entry(value[i])) return false;
  return distinct === undefined || new Set(value.map(distinct as (part: unknown) => unknown)).size === value.length;
}

const isPair = (pair: unknown) => isObject(pair) && hasOnly(pair, ["stemId", "choiceId"]) && isOpaqueId(pair.stemId) && isOpaqueId(pair.choiceId);

/** Each type's schema as plain checks (short-answer.ts, numerical.ts, matching.ts, ordering.ts, cloze.ts). */
const FITS: { [T in ReadType]: (value: unknown) => boolean } = {
  shortAnswer: (value) => isObject(value) && hasOnly(value, ["text"]) && isTyped(value.text, L.typedText),
  numerical: (value) => isObject(value) && hasOnly(value, ["value", "unit"]) && isTyped(value.value, L.typedNumber) && (value.unit === undefined || isTyped(value.unit, L.typedNumber)),
  matching: (value) => isObject(value) && hasOnly(value, ["pairs"]) && isParts(value.pairs, L.maxPairs, isPair, (pair: { stemId: string }) => pair.stemId),
  ordering: (value) => isObject(value) && hasOnly(value, ["order"]) && isParts(value.order, L.maxItems, isOpaqueId, (id: string) => id),
  cloze: (value) => isObject(value) && hasOnly(value, ["gaps"]) && isParts(value.gaps, L.maxGaps, (gap) => isTyped(gap, L.typedText)),
};

/** The saved answer as its type's schema reads it, or undefined when it does not have the type's shape. */
export function readSavedAnswer<T extends ReadType>(type: T, saved: unknown): AnswerOf<T> | undefined {
  if (FITS[type](saved)) return saved as AnswerOf<T>;
  const read = ANSWER_SCHEMAS[type].safeParse(saved);
  return read.success ? (read.data as AnswerOf<T>) : undefined;
}
