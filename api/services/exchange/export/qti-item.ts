import { decimal, type ExportQuestion, textLines } from "./export-question";
import { htmlToXml } from "./html-to-xml";
import { qtiInteraction } from "./qti-interactions";
import { el, type Xml, xmlDocument } from "./xml";

/** QTI 3.0's item namespace and schema (IMS QTI 3.0 ASI). */
export const QTI_NAMESPACE = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
const QTI_SCHEMA = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd";


export const itemIdentifier = (question: ExportQuestion) => `q${question.id}`;
export const itemPath = (question: ExportQuestion) => `items/${itemIdentifier(question)}.xml`;
export const imagePath = (name: string) => `images/${name}`;

/** The question text as paragraphs of an item body (plain text: each line its own line, a `<br/>` between). */
export function textParagraph(text: string): Xml {
  const lines = textLines(text);
  return el("p", null, lines.flatMap((line, i) => (i === 0 ? [line] : [el("br", null), line])));
}

/**
 * One question as a QTI 3.0 assessment item (qti-* elements): its response declaration, the
 * SCORE and MAXSCORE outcomes (MAXSCORE our default mark), the body (text, image, interaction),
 * the standard response processing where one fits, and the explanation as general feedback.
 */
export function qtiItem(question: ExportQuestion): string {
  const parts = qtiInteraction(question);
  const image = question.image ? el("p", null, el("img", { src: `../${imagePath(question.image.name)}`, alt: "" })) : null;
  const body = parts.textInBody ? [...parts.body, image] : [textParagraph(question.questionText), image, ...parts.body];
  return xmlDocument(
    el(
      "qti-assessment-item",
      {
        xmlns: QTI_NAMESPACE,
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation": `${QTI_NAMESPACE} ${QTI_SCHEMA}`,
        identifier: itemIdentifier(question),
        title: question.questionText.replace(/\s+/g, " ").trim().slice(0, 80) || itemIdentifier(question),
        adaptive: "false",
        "time-dependent": "false",
      },
      parts.declarations,
      el("qti-outcome-declaration", { identifier: "SCORE", cardinality: "single", "base-type": "float" }, el("qti-default-value", null, el("qti-value", null, "0"))),
      el("qti-outcome-declaration", { identifier: "MAXSCORE", cardinality: "single", "base-type": "float" }, el("qti-default-value", null, el("qti-value", null, decimal(question.defaultMark)))),
      el("qti-outcome-declaration", { identifier: "FEEDBACK", cardinality: "single", "base-type": "identifier" }),
      parts.outcomes ?? null,
      el("qti-item-body", null, body),
      parts.processing,
      // The explanation, shown after answering (as Moodle's general feedback).
      el("qti-modal-feedback", { "outcome-identifier": "FEEDBACK", identifier: "GENERAL", "show-hide": "show" }, el("qti-content-body", null, htmlToXml(question.explanation))),
    ),
  );
}
