/**
 * A number as a student types it (decisions.md: "the text as typed, `.` or `,` as the decimal
 * mark, read by the server"): an optional sign (`-`, `+` or the minus sign −), digits with at
 * most one decimal mark, `.` or `,` (so "3,5" is 3.5, as a French or German student writes
 * it), and an optional exponent (`1.5e3`, `2E-4`). No thousands separators: "1,234" is 1.234,
 * never 1234, because a comma is a decimal mark here. Whatever follows the number, after
 * optional spaces, is its unit ("9.8 m/s²"); a unit never starts with a digit, a decimal mark
 * or a sign, so "1.2.3" and "30 5" are no numbers.
 */
const NUMBER_THEN_UNIT = /^([+\-\u2212]?)(\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE]([+-]?\d+))?(?:\s*([^\d.,+\-\u2212\s].*))?$/s;

const MAX_TYPED = 100;

export interface TypedNumber {
  value: number;
  /** What followed the number, trimmed; "" when nothing did. */
  unit: string;
}

/** The number and unit of a typed text, or undefined when it does not start with a number (or overflows). */
export function readTypedNumber(typed: string): TypedNumber | undefined {
  // No number and unit is this long; bounding it keeps the pattern's work small whatever is sent.
  if (typed.length > MAX_TYPED) return undefined;
  const match = NUMBER_THEN_UNIT.exec(typed.normalize("NFC").trim());
  if (!match) return undefined;
  const [, sign, digits, exponent, unit = ""] = match;
  const value = Number(`${sign === "" || sign === "+" ? "" : "-"}${digits.replace(",", ".")}${exponent ? `e${exponent}` : ""}`);
  if (!Number.isFinite(value)) return undefined;
  return { value, unit: unit.trim() };
}
