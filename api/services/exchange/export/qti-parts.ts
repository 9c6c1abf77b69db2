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
