import { decimal } from "./export-question";
import { el, type Xml, type XmlChild } from "./xml";

/** The standard response processing templates of QTI 3.0. */
export const QTI_TEMPLATES = {
  matchCorrect: "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml",
  mapResponse: "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml",
} as const;

/** What a type writes into its item (qti-interactions.ts). */
export interface QtiParts {
  /** The response declarations. */
  declarations: Xml[];
  /** The interaction(s) after the text; or, for cloze, the whole text with its gaps. */
  body: XmlChild[];
  /** The text itself is in `body` (cloze). */
  textInBody?: boolean;
  /** Outcomes of its own beside SCORE, MAXSCORE and FEEDBACK (a cloze's number gaps with a tolerance: GAP_n). */
  outcomes?: Xml[];
  /** A standard template's URL, or custom response processing; none for an essay (a teacher marks it). */
  processing: Xml | null;
}

/** A mapping from responses to credit (fractions of 1), as the map_response template sums it. */
export const mapping = (entries: { key: string; value: number }[], caseSensitive?: boolean) =>
  el(
    "qti-mapping",
    { "default-value": "0", "lower-bound": "0", "upper-bound": "1" },
    entries.map(({ key, value }) => el("qti-map-entry", { "map-key": key, "mapped-value": decimal(value), "case-sensitive": caseSensitive === undefined ? null : String(caseSensitive) })),
  );
export const fullCreditFirst = <T extends { credit: number }>(answers: T[]) => answers.find((a) => a.credit === 100) ?? answers[0];

/**
 * A number response scored with a tolerance (QTI has none in a mapping): one condition whose
 * branches compare the response with each value, `qti-equal tolerance-mode="absolute"`, and set
 * `outcome` to that value's credit; the first value within wins, as our rule. SCORE for a
 * numerical item; a gap's own outcome (GAP_n) for a cloze's number gap (qti-cloze.ts).
 */
export const toleranceCondition = (response: string, outcome: string, answers: { value: number; tolerance: number; credit: number }[]) =>
  el(
    "qti-response-condition",
    null,
    answers.map((a, i) =>
      el(
        i === 0 ? "qti-response-if" : "qti-response-else-if",
        null,
        el("qti-equal", { "tolerance-mode": "absolute", tolerance: `${decimal(a.tolerance)} ${decimal(a.tolerance)}` }, el("qti-variable", { identifier: response }), el("qti-base-value", { "base-type": "float" }, decimal(a.value))),
        el("qti-set-outcome-value", { identifier: outcome }, el("qti-base-value", { "base-type": "float" }, decimal(a.credit / 100))),
      ),
    ),
  );
