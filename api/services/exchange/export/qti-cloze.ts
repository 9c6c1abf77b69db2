import type { AnswerKeyOf } from "../../marking/schemas";
import { decimal } from "./export-question";
import { fullCreditFirst, mapping, type QtiParts, toleranceCondition } from "./qti-parts";
import { el, type Xml, type XmlChild } from "./xml";

type ClozeKey = AnswerKeyOf<"cloze">;

/**
 * A cloze as one QTI item: its text with each gap inline, a text or number gap a text entry
 * (RESPONSE_n, mapped to its credits), a dropdown an inline choice. The score is the gaps'
 * mapped credits weighted as ours (custom response processing: no standard template sums
 * several responses). A number gap with a tolerance is not mapped (a mapping compares
 * exactly): a condition first sets its own outcome GAP_n to the credit of the first value the
 * response is within (qti-equal with an absolute tolerance, as a numerical item), and the sum
 * takes GAP_n for it (docs/decisions/0085, second addendum).
 */
export function qtiCloze(text: string, key: ClozeKey): QtiParts {
  const total = key.gaps.reduce((sum, gap) => sum + gap.weight, 0);
  const responseId = (g: number) => `RESPONSE_${g + 1}`;
  const declarations = key.gaps.map((gap, g) => {
    const id = responseId(g);
    if (gap.kind === "choice") {
      const choiceId = (choice: string) => `G${g + 1}C${gap.choices.indexOf(choice) + 1}`;
      const entries = gap.answers.map((a) => ({ key: choiceId(a.text), value: a.credit / 100 }));
      return el("qti-response-declaration", { identifier: id, cardinality: "single", "base-type": "identifier" }, el("qti-correct-response", null, el("qti-value", null, choiceId(fullCreditFirst(gap.answers).text))), mapping(entries));
    }
    const entries = gap.kind === "text" ? gap.answers.map((a) => ({ key: a.text, value: a.credit / 100 })) : gap.answers.map((a) => ({ key: decimal(a.value), value: a.credit / 100 }));
    const right = gap.kind === "text" ? fullCreditFirst(gap.answers).text : decimal(fullCreditFirst(gap.answers).value);
    return el(
      "qti-response-declaration",
      { identifier: id, cardinality: "single", "base-type": gap.kind === "text" ? "string" : "float" },
      el("qti-correct-response", null, el("qti-value", null, right)),
      mapping(entries, gap.kind === "text" ? false : undefined),
    );
  });
  const gapElement = (g: number): Xml => {
    const gap = key.gaps[g];
    if (gap.kind !== "choice") return el("qti-text-entry-interaction", { "response-identifier": responseId(g) });
    return el("qti-inline-choice-interaction", { "response-identifier": responseId(g), shuffle: "false" }, gap.choices.map((choice, c) => el("qti-inline-choice", { identifier: `G${g + 1}C${c + 1}` }, choice)));
  };
  // The text split at its gap markers, each marker replaced by its interaction, line breaks kept.
  const body: XmlChild[] = [];
  const pieces = text.split(/\{(\d{1,4})\}/);
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) body.push(gapElement(Number(piece) - 1));
    else if (piece) body.push(lineChildren(piece));
  });
  const withTolerance = key.gaps.flatMap((gap, g) => (gap.kind === "number" && gap.tolerance > 0 ? [{ g, gap }] : []));
  const gapOutcome = (g: number) => `GAP_${g + 1}`;
  const scored = new Set(withTolerance.map(({ g }) => g));
  const gapScore = (g: number) => (scored.has(g) ? el("qti-variable", { identifier: gapOutcome(g) }) : el("qti-map-response", { identifier: responseId(g) }));
  const sum = el(
    "qti-sum",
    null,
    key.gaps.map((gap, g) => el("qti-product", null, gapScore(g), el("qti-base-value", { "base-type": "float" }, decimal(gap.weight / total)))),
  );
  return {
    declarations,
    outcomes: withTolerance.map(({ g }) => el("qti-outcome-declaration", { identifier: gapOutcome(g), cardinality: "single", "base-type": "float" }, el("qti-default-value", null, el("qti-value", null, "0")))),
    body: [el("p", null, body)],
    textInBody: true,
    processing: el(
      "qti-response-processing",
      null,
      withTolerance.map(({ g, gap }) => toleranceCondition(responseId(g), gapOutcome(g), gap.answers.map((a) => ({ ...a, tolerance: gap.tolerance })))),
      el("qti-set-outcome-value", { identifier: "SCORE" }, sum),
    ),
  };
}

/** A piece of plain text with its line breaks as `<br/>`. */
function lineChildren(text: string): XmlChild[] {
  return text.split(/\r\n?|\n/).flatMap((line, i) => (i === 0 ? [line] : [el("br", null), line]));
}
