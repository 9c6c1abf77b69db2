import { TRUE_FALSE_TEXTS } from "../../marking/choice";
import type { AnswerKeyOf } from "../../marking/schemas";
import { decimal, type ExportQuestion, plainToHtml } from "./export-question";
import { clozeMarkers } from "./moodle-cloze";
import { el, fragment, type Xml } from "./xml";

/** A type's Moodle name and fields; `questionText` when the type writes its own text (cloze: the gaps in Moodle's syntax). */
export interface MoodleType {
  type: string;
  fields: Xml;
  questionText?: string;
}

/** A Moodle fraction from our credit (0–100 %): Moodle writes fractions of 1 with seven decimals at most. */
const fraction = (credit: number) => decimal(Math.round(credit * 100_000) / 100_000);
const answer = (credit: number, text: string, format: "html" | "moodle_auto_format", ...more: Xml[]) =>
  el("answer", { fraction: fraction(credit), format }, el("text", null, text), el("feedback", { format: "html" }, el("text", null)), ...more);
const flag = (value: boolean) => (value ? "true" : "false");
const choiceHtml = (text: string) => plainToHtml(text);

export function moodleTypeFields(question: ExportQuestion): MoodleType {
  const { options } = question;
  switch (question.optionType) {
    case "radio":
    case "checkbox": {
      const right = options.filter((option) => option.optionStatus).length;
      const single = question.optionType === "radio";
      // Multiple answers: the right ones share 100 %, a wrong one takes it all away (our all-or-nothing rule).
      const credit = (status: boolean) => (single ? (status ? 100 : 0) : status ? 100 / right : -100);
      return {
        type: "multichoice",
        fields: fragment(
          el("single", null, flag(single)),
          el("shuffleanswers", null, "true"),
          el("answernumbering", null, "abc"),
          options.map((option) => answer(credit(option.optionStatus), choiceHtml(option.optionText), "html")),
        ),
      };
    }
    case "trueFalse": {
      const trueIsRight = options.find((option) => option.optionStatus)?.optionText === TRUE_FALSE_TEXTS[0];
      return { type: "truefalse", fields: fragment(answer(trueIsRight ? 100 : 0, "true", "moodle_auto_format"), answer(trueIsRight ? 0 : 100, "false", "moodle_auto_format")) };
    }
    case "shortAnswer": {
      const key = question.answerKey as AnswerKeyOf<"shortAnswer">;
      return { type: "shortanswer", fields: fragment(el("usecase", null, key.caseSensitive ? "1" : "0"), key.answers.map((a) => answer(a.credit, a.text, "moodle_auto_format"))) };
    }
    case "numerical":
      return { type: "numerical", fields: numericalFields(question.answerKey as AnswerKeyOf<"numerical">) };
    case "matching": {
      const key = question.answerKey as AnswerKeyOf<"matching">;
      const sub = (stem: string, choice: string) => el("subquestion", { format: "html" }, el("text", null, stem ? choiceHtml(stem) : ""), el("answer", null, el("text", null, choice)));
      // A subquestion without text is Moodle's extra wrong answer: our distractors.
      return { type: "matching", fields: fragment(el("shuffleanswers", null, "true"), key.pairs.map((p) => sub(p.stem, p.choice)), key.distractors.map((d) => sub("", d))) };
    }
    case "ordering": {
      const key = question.answerKey as AnswerKeyOf<"ordering">;
      return {
        type: "ordering",
        fields: fragment(
          el("layouttype", null, "VERTICAL"),
          el("selecttype", null, "ALL"),
          el("selectcount", null, "0"),
          el("gradingtype", null, key.grading === "allOrNothing" ? "ALL_OR_NOTHING" : "RELATIVE_NEXT_EXCLUDE_LAST"),
          el("showgrading", null, "SHOW"),
          el("numberingstyle", null, "none"),
          // qtype_ordering keeps the right order as the answers' order, each fraction its place.
          key.items.map((item, i) => el("answer", { fraction: String(i + 1), format: "html" }, el("text", null, choiceHtml(item)))),
        ),
      };
    }
    case "cloze":
      return { type: "multianswer", fields: fragment(), questionText: clozeMarkers(question.questionText, question.answerKey as AnswerKeyOf<"cloze">) };
    case "essay": {
      const key = question.answerKey as AnswerKeyOf<"essay">;
      return {
        type: "essay",
        fields: fragment(
          el("responseformat", null, "editor"),
          el("responserequired", null, "1"),
          el("responsefieldlines", null, "15"),
          key.minWords === undefined ? null : el("minwordlimit", null, String(key.minWords)),
          key.maxWords === undefined ? null : el("maxwordlimit", null, String(key.maxWords)),
          el("attachments", null, "0"),
          el("attachmentsrequired", null, "0"),
          el("graderinfo", { format: "html" }, el("text", null, key.graderInfo)),
          el("responsetemplate", { format: "html" }, el("text", null, key.responseTemplate)),
        ),
      };
    }
  }
}

/**
 * Moodle's numerical: each value with its tolerance; units with their multipliers (the first
 * of multiplier 1 is the base). A required unit is graded out of the question's mark
 * (unitgradingtype 2) with our penalty; optional units are read but not graded (0); no units,
 * none shown (showunits 3).
 */
function numericalFields(key: AnswerKeyOf<"numerical">): Xml {
  return fragment(
    key.answers.map((a) => answer(a.credit, decimal(a.value), "moodle_auto_format", el("tolerance", null, decimal(a.tolerance)))),
    key.units.length > 0 ? el("units", null, key.units.map((u) => el("unit", null, el("multiplier", null, decimal(u.multiplier)), el("unit_name", null, u.unit)))) : null,
    el("unitgradingtype", null, key.unitRequired ? "2" : "0"),
    el("unitpenalty", null, decimal(key.unitPenalty)),
    el("showunits", null, key.units.length > 0 ? "0" : "3"),
    el("unitsleft", null, "0"),
  );
}
