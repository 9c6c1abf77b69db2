import type { KeyedType } from "../../../api/services/marking/question-types";
import type { OptionType } from "../../../db/schema/questions";
import { blankOptions, type EditorValues } from "./question-form";

/**
 * The key forms' working copy of an answer key (decisions.md shapes): numbers stay as typed
 * until the form is sent (`keyToSend`), so "9," or "" can be typed through, and what is not a
 * number reaches the service as text, which refuses it by code on its own field.
 */
export type Typed = number | string;
export interface TextAnswerDraft {
  text: string;
  credit: Typed;
}
export interface ValueAnswerDraft {
  value: Typed;
  tolerance?: Typed;
  credit: Typed;
}
export interface ShortAnswerDraft {
  answers: TextAnswerDraft[];
  caseSensitive: boolean;
}
export interface NumericalDraft {
  answers: ValueAnswerDraft[];
  units: { unit: string; multiplier: Typed }[];
  unitRequired: boolean;
  unitPenalty: Typed;
}
export interface MatchingDraft {
  pairs: { stem: string; choice: string }[];
  distractors: string[];
}
export interface OrderingDraft {
  items: string[];
  grading: "allOrNothing" | "relativeToNext";
}
export type GapDraft =
  | { kind: "text"; answers: TextAnswerDraft[]; weight: Typed }
  | { kind: "number"; answers: { value: Typed; credit: Typed }[]; tolerance: Typed; weight: Typed }
  // A dropdown's choices each with its credit (the key's accepted `answers` are those above 0 %).
  | { kind: "choice"; choices: TextAnswerDraft[]; weight: Typed };
export interface ClozeDraft {
  gaps: GapDraft[];
}
export interface RubricDraft {
  criterion: string;
  levels: { label: string; points: Typed }[];
}
export interface EssayDraft {
  minWords?: Typed;
  maxWords?: Typed;
  graderInfo: string;
  responseTemplate: string;
  rubric?: RubricDraft[];
}
export interface KeyDrafts {
  shortAnswer: ShortAnswerDraft;
  numerical: NumericalDraft;
  matching: MatchingDraft;
  ordering: OrderingDraft;
  cloze: ClozeDraft;
  essay: EssayDraft;
}
export type KeyDraft = KeyDrafts[KeyedType];

export const blankTextAnswer = (credit = 100): TextAnswerDraft => ({ text: "", credit });

export function blankGap(kind: GapDraft["kind"]): GapDraft {
  if (kind === "number") return { kind, answers: [{ value: "", credit: 100 }], tolerance: 0, weight: 1 };
  if (kind === "choice") return { kind, choices: [blankTextAnswer(100), blankTextAnswer(0)], weight: 1 };
  return { kind, answers: [blankTextAnswer()], weight: 1 };
}

/** A new key of each type, as the type picker starts it. */
export function blankKey(type: KeyedType): KeyDraft {
  switch (type) {
    case "shortAnswer":
      return { answers: [blankTextAnswer()], caseSensitive: false };
    case "numerical":
      return { answers: [{ value: "", tolerance: 0, credit: 100 }], units: [], unitRequired: false, unitPenalty: 0.1 };
    case "matching":
      return { pairs: [{ stem: "", choice: "" }, { stem: "", choice: "" }], distractors: [] };
    case "ordering":
      return { items: ["", "", ""], grading: "allOrNothing" };
    case "cloze":
      return { gaps: [blankGap("text")] };
    case "essay":
      return { graderInfo: "", responseTemplate: "" };
  }
}

/** decisions.md: a true/false question's two options, as stored (the pages word them in the reader's language). */
export const trueFalseOptions = (correct: boolean): EditorValues["options"] => [
  { optionText: "True", optionStatus: correct },
  { optionText: "False", optionStatus: !correct },
];

/** The options a type starts with: spec 4's five blank ones, True/False, or none (a keyed type). */
export function startingOptions(type: OptionType): EditorValues["options"] {
  if (type === "trueFalse") return trueFalseOptions(true);
  return type === "radio" || type === "checkbox" ? blankOptions() : [];
}

/** The fields of a key that hold numbers (decisions.md: numbers in keys are JSON numbers). */
const NUMBER_FIELDS = new Set(["credit", "value", "tolerance", "multiplier", "unitPenalty", "weight", "minWords", "maxWords", "points"]);

/** A typed number as the key's JSON number: `,` or `.` as the decimal mark; empty is left out (the schema's default). */
function typedNumber(typed: Typed): number | string | undefined {
  if (typeof typed === "number") return typed;
  const trimmed = typed.trim();
  if (trimmed === "") return undefined;
  const number = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
  return Number.isFinite(number) ? number : trimmed;
}

/** The draft as the key the service checks: a dropdown's choices split into choices and accepted answers, every number read. */
export function keyToSend(type: KeyedType, draft: KeyDraft): unknown {
  if (type !== "cloze") return numbersRead(draft);
  const gaps = (draft as ClozeDraft).gaps.map((gap) =>
    gap.kind === "choice" ? { kind: gap.kind, weight: gap.weight, choices: gap.choices.map((choice) => choice.text), answers: gap.choices.filter((choice) => Number(typedNumber(choice.credit)) > 0) } : gap,
  );
  return numbersRead({ gaps });
}

/** A stored key (the editor's loader, a refused form) as the forms' draft. */
export function draftOf(type: KeyedType, key: unknown): KeyDraft {
  if (typeof key !== "object" || key === null) return blankKey(type);
  if (type !== "cloze") return { ...blankKey(type), ...(key as object) } as KeyDraft;
  const gaps = Array.isArray((key as { gaps?: unknown }).gaps) ? (key as { gaps: Record<string, unknown>[] }).gaps : [];
  return {
    gaps: gaps.map((gap): GapDraft => {
      if (gap.kind !== "choice") return { ...blankGap(gap.kind === "number" ? "number" : "text"), ...gap } as GapDraft;
      const answers = Array.isArray(gap.answers) ? (gap.answers as TextAnswerDraft[]) : [];
      const choices = Array.isArray(gap.choices) ? (gap.choices as unknown[]).map(String) : [];
      return { kind: "choice", weight: (gap.weight as Typed) ?? 1, choices: choices.map((text) => ({ text, credit: answers.find((answer) => answer.text === text)?.credit ?? 0 })) };
    }),
  };
}

function numbersRead(draft: unknown): unknown {
  if (Array.isArray(draft)) return draft.map(numbersRead);
  if (typeof draft !== "object" || draft === null) return draft;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(draft)) {
    const sent = NUMBER_FIELDS.has(field) && (typeof value === "string" || typeof value === "number") ? typedNumber(value) : numbersRead(value);
    if (sent !== undefined) out[field] = sent;
  }
  return out;
}

/** The gaps `{1}`, `{2}`… a cloze text holds, in the order written. */
export function gapNumbersIn(text: string): number[] {
  return [...text.matchAll(/\{(\d{1,4})\}/g)].map((match) => Number(match[1]));
}
