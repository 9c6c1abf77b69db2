import type { GIFTQuestion, Matching, MultipleChoice, Numerical, NumericalFormat, ShortAnswer, TextFormat, TrueFalse } from "gift-pegjs";
import { escapeHtml } from "../escape-html";
import { TRUE_FALSE_TEXTS } from "../marking/choice";

/**
 * One parsed GIFT question (gift-pegjs) as the editor's question input, per Moodle's GIFT
 * forms (docs/decisions/0073-gift-and-csv-of-every-type.md has the table). Only the shape is
 * made here: whether it is a good question (credits 0–100, one answer at 100 %, at least two
 * pairs, lengths…) is decided by `validateQuestion` afterwards, the editor's own rules, so an
 * import never keeps a second copy of them. A GIFT form we cannot hold answers the reason code.
 */
export type GiftMapping = { input: Record<string, unknown> } | { reason: "giftDescription" | "giftUnsupported" };

type Place = { category: string; course: string };
type Keyed = { optionType: string; options?: unknown[]; answerKey?: unknown; rightAnswer: string; rightFeedback?: TextFormat | null };

/** Text as the question's plain text; the missing-word blank keeps the punctuation that follows it. */
const plain = (value: TextFormat | null | undefined) => (value?.text ?? "").trim();
const questionText = (stem: TextFormat) => plain(stem).replace(/_____ (?=[.,;:!?)])/g, "_____");
/** Explanations are HTML (sanitised by the question rules): GIFT plain and markdown text is escaped first. */
const html = (value: TextFormat) => (value.format === "html" || value.format === "moodle" ? value.text : escapeHtml(value.text));
/** A GIFT weight as a credit: `%50%` is 50; no weight is 100 for a right answer (`=`) and 0 for a wrong one (`~`). */
const creditOf = (choice: { weight: number | null; isCorrect: boolean }) => choice.weight ?? (choice.isCorrect ? 100 : 0);

export function giftToQuestion(question: GIFTQuestion, place: Place): GiftMapping {
  if (question.type === "Description") return { reason: "giftDescription" };
  if (question.type === "Category") return { reason: "giftUnsupported" };
  const keyed = keyedShape(question);
  const general = question.globalFeedback && plain(question.globalFeedback) ? html(question.globalFeedback) : null;
  // Moodle banks rarely carry general feedback, and an explanation is required: without one
  // the right answer is named (docs/decisions/0018-question-import.md), with the feedback a
  // true/false question gives a right answer when it has one.
  const extra = keyed.rightFeedback && plain(keyed.rightFeedback) ? `<p>${html(keyed.rightFeedback)}</p>` : "";
  const explanation = general ?? `<p>${escapeHtml(keyed.rightAnswer)}</p>${extra}`;
  return {
    input: {
      questionText: questionText(question.stem),
      optionType: keyed.optionType,
      options: keyed.options ?? [],
      ...(keyed.answerKey === undefined ? {} : { answerKey: keyed.answerKey }),
      category: place.category,
      course: place.course,
      // Moodle's `// [tag:…]` comments (gift-pegjs reads them): what our GIFT export writes.
      tags: question.tags ?? [],
      answerExplaination: explanation,
    },
  };
}

function keyedShape(question: Exclude<GIFTQuestion, { type: "Description" | "Category" }>): Keyed {
  switch (question.type) {
    case "TF":
      return trueFalse(question);
    case "MC":
      return multipleChoice(question);
    case "Short":
      return shortAnswer(question);
    case "Numerical":
      return numerical(question);
    case "Matching":
      return matching(question);
    case "Essay":
      // No key to name: the teacher marks it.
      return { optionType: "essay", answerKey: {}, rightAnswer: "Marked by a teacher." };
  }
}

/** `{T}` `{TRUE}` `{F}` `{FALSE}`, `#feedback for a wrong answer#feedback for a right one`. */
function trueFalse(question: TrueFalse): Keyed {
  const [yes, no] = TRUE_FALSE_TEXTS;
  // gift-pegjs keeps the two feedbacks in the order written: the second is the right answer's.
  return {
    optionType: "trueFalse",
    options: [
      { optionText: yes, optionStatus: question.isTrue },
      { optionText: no, optionStatus: !question.isTrue },
    ],
    rightAnswer: `Correct answer: ${question.isTrue ? yes : no}`,
    rightFeedback: question.falseFeedback,
  };
}

/** `=right ~wrong`, or `~%50%a ~%-100%b` weighs each: a positive weight is a right option. */
function multipleChoice(question: MultipleChoice): Keyed {
  const options = question.choices.map((choice) => ({ optionText: plain(choice.text), optionStatus: choice.weight === null ? choice.isCorrect : choice.weight > 0 }));
  const right = options.filter((option) => option.optionStatus);
  return { optionType: right.length === 1 ? "radio" : "checkbox", options, rightAnswer: `Correct answer: ${right.map((o) => o.optionText).join("; ")}` };
}

/** `{=a =b =%50%c}`: every `=` is an accepted answer, at its weight; Moodle's short answers ignore letter case. */
function shortAnswer(question: ShortAnswer): Keyed {
  const answers = question.choices.map((choice) => ({ text: plain(choice.text), credit: creditOf(choice) }));
  return { optionType: "shortAnswer", answerKey: { answers, caseSensitive: false }, rightAnswer: `Correct answer: ${fullCredit(answers, (a) => a.text)}` };
}

/** `{#3.14:0.005}`, `{#1..5}` (the middle, give or take half the range), `{# =%100%3.14:0.005 =%50%3.1:0.1}`. */
function numerical(question: Numerical): Keyed {
  const choices = Array.isArray(question.choices) ? question.choices : [{ isCorrect: true, weight: 100, text: question.choices }];
  const answers = choices.map((choice) => ({ ...valueAndTolerance(choice.text), credit: creditOf(choice) }));
  const said = (a: { value: number; tolerance: number }) => (a.tolerance ? `${a.value} ± ${a.tolerance}` : String(a.value));
  return { optionType: "numerical", answerKey: { answers, units: [], unitRequired: false }, rightAnswer: `Correct answer: ${fullCredit(answers, said)}` };
}

function valueAndTolerance(number: NumericalFormat): { value: number; tolerance: number } {
  if (number.type === "high-low") {
    const low = number.numberLow ?? NaN;
    const high = number.numberHigh ?? NaN;
    return { value: (low + high) / 2, tolerance: Math.abs(high - low) / 2 };
  }
  // A value the rules then refuse (NaN is no number) rather than a guess.
  return { value: number.number ?? NaN, tolerance: number.range ?? 0 };
}

/** `{ =a -> b =c -> d }`; a pair with no stem (`= -> e`) is an extra wrong answer, as Moodle's matching has them. */
function matching(question: Matching): Keyed {
  const pairs = question.matchPairs.filter((pair) => plain(pair.subquestion) !== "").map((pair) => ({ stem: plain(pair.subquestion), choice: unescapedAnswer(pair.subanswer) }));
  const distractors = question.matchPairs.filter((pair) => plain(pair.subquestion) === "").map((pair) => unescapedAnswer(pair.subanswer));
  return { optionType: "matching", answerKey: { pairs, distractors }, rightAnswer: `Correct answer: ${pairs.map((p) => `${p.stem} → ${p.choice}`).join("; ")}` };
}

/**
 * gift-pegjs leaves its own placeholders for GIFT's escapes (`\=` is `&&061;`, `\n` is `&&010`)
 * in a matching answer: turned back into the characters they stand for.
 */
const unescapedAnswer = (text: string) => text.replace(/&&(\d{3});?/g, (_, code: string) => String.fromCharCode(Number(code))).trim();

/** The answers worth full marks, as the default explanation names them (GIFT's and Moodle XML's). */
export function fullCredit<T extends { credit: number }>(answers: T[], said: (answer: T) => string): string {
  const full = answers.filter((answer) => answer.credit === 100);
  return (full.length > 0 ? full : answers).map(said).join("; ");
}
