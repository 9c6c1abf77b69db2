import type { AnswerKeyOf } from "../../marking/schemas";
import { decimal, type ExportQuestion } from "./export-question";
import { htmlToXml } from "./html-to-xml";
import { qtiCloze } from "./qti-cloze";
import { fullCreditFirst, mapping, QTI_TEMPLATES, type QtiParts, toleranceCondition } from "./qti-parts";
import { el, type Xml } from "./xml";

const template = (url: string) => el("qti-response-processing", { template: url });
const values = (list: string[]) => list.map((value) => el("qti-value", null, value));
const correct = (list: string[]) => el("qti-correct-response", null, values(list));
const declaration = (id: string, cardinality: string, baseType: string, ...content: (Xml | null)[]) =>
  el("qti-response-declaration", { identifier: id, cardinality, "base-type": baseType }, ...content);

/**
 * Each type as QTI 3.0 interactions: radio, true/false and checkbox a choice interaction
 * (match_correct: our choice rule is all or nothing); short answer and numerical a text entry
 * (map_response over the accepted answers and their credits; a numerical tolerance needs
 * custom processing, qti-equal with an absolute tolerance); matching a match interaction of
 * directed pairs (map_response: credit per right pair); ordering an order interaction
 * (match_correct); cloze its gaps inline (qti-cloze.ts); essay an extended text interaction,
 * its grader information a scorer's rubric block.
 */
export function qtiInteraction(question: ExportQuestion): QtiParts {
  switch (question.optionType) {
    case "radio":
    case "trueFalse":
    case "checkbox": {
      const single = question.optionType !== "checkbox";
      const ids = question.options.map((_, i) => `C${i + 1}`);
      const right = ids.filter((_, i) => question.options[i].optionStatus);
      return {
        declarations: [declaration("RESPONSE", single ? "single" : "multiple", "identifier", correct(right))],
        body: [
          el(
            "qti-choice-interaction",
            { "response-identifier": "RESPONSE", shuffle: question.optionType === "trueFalse" ? "false" : "true", "max-choices": single ? "1" : "0" },
            question.options.map((option, i) => el("qti-simple-choice", { identifier: ids[i] }, option.optionText)),
          ),
        ],
        processing: template(QTI_TEMPLATES.matchCorrect),
      };
    }
    case "shortAnswer": {
      const key = question.answerKey as AnswerKeyOf<"shortAnswer">;
      return {
        declarations: [
          declaration("RESPONSE", "single", "string", correct([fullCreditFirst(key.answers).text]), mapping(key.answers.map((a) => ({ key: a.text, value: a.credit / 100 })), key.caseSensitive)),
        ],
        body: [el("p", null, el("qti-text-entry-interaction", { "response-identifier": "RESPONSE" }))],
        processing: template(QTI_TEMPLATES.mapResponse),
      };
    }
    case "numerical":
      return numerical(question.answerKey as AnswerKeyOf<"numerical">);
    case "matching":
      return matching(question.answerKey as AnswerKeyOf<"matching">);
    case "ordering": {
      const key = question.answerKey as AnswerKeyOf<"ordering">;
      const ids = key.items.map((_, i) => `I${i + 1}`);
      return {
        declarations: [declaration("RESPONSE", "ordered", "identifier", correct(ids))],
        body: [el("qti-order-interaction", { "response-identifier": "RESPONSE", shuffle: "true" }, key.items.map((item, i) => el("qti-simple-choice", { identifier: ids[i] }, item)))],
        processing: template(QTI_TEMPLATES.matchCorrect),
      };
    }
    case "cloze":
      return qtiCloze(question.questionText, question.answerKey as AnswerKeyOf<"cloze">);
    case "essay": {
      const key = question.answerKey as AnswerKeyOf<"essay">;
      return {
        declarations: [declaration("RESPONSE", "single", "string")],
        body: [
          key.graderInfo ? el("qti-rubric-block", { use: "scoring", view: "scorer" }, el("qti-content-body", null, htmlToXml(key.graderInfo))) : null,
          el("qti-extended-text-interaction", { "response-identifier": "RESPONSE", format: "xhtml", "expected-length": key.maxWords === undefined ? null : String(key.maxWords * 6) }),
        ],
        processing: null,
      };
    }
  }
}

function numerical(key: AnswerKeyOf<"numerical">): QtiParts {
  const exact = key.answers.every((a) => a.tolerance === 0);
  const first = fullCreditFirst(key.answers);
  const processing = exact
    ? template(QTI_TEMPLATES.mapResponse)
    : // The first value the response is within earns its credit (our rule).
      el("qti-response-processing", null, toleranceCondition("RESPONSE", "SCORE", key.answers));
  return {
    declarations: [declaration("RESPONSE", "single", "float", correct([decimal(first.value)]), exact ? mapping(key.answers.map((a) => ({ key: decimal(a.value), value: a.credit / 100 }))) : null)],
    body: [el("p", null, el("qti-text-entry-interaction", { "response-identifier": "RESPONSE" }))],
    processing,
  };
}

function matching(key: AnswerKeyOf<"matching">): QtiParts {
  // Each right answer once (two stems may share one), then the distractors: as the exam offers them.
  const choices = [...new Set([...key.pairs.map((p) => p.choice), ...key.distractors])];
  const stemId = (i: number) => `S${i + 1}`;
  const choiceId = (text: string) => `T${choices.indexOf(text) + 1}`;
  const pairs = key.pairs.map((pair, i) => `${stemId(i)} ${choiceId(pair.choice)}`);
  return {
    declarations: [declaration("RESPONSE", "multiple", "directedPair", correct(pairs), mapping(pairs.map((pair) => ({ key: pair, value: 1 / key.pairs.length }))))],
    body: [
      el(
        "qti-match-interaction",
        { "response-identifier": "RESPONSE", shuffle: "true", "max-associations": String(key.pairs.length) },
        el("qti-simple-match-set", null, key.pairs.map((pair, i) => el("qti-simple-associable-choice", { identifier: stemId(i), "match-max": "1" }, pair.stem))),
        el("qti-simple-match-set", null, choices.map((text) => el("qti-simple-associable-choice", { identifier: choiceId(text), "match-max": "0" }, text))),
      ),
    ],
    processing: template(QTI_TEMPLATES.mapResponse),
  };
}
