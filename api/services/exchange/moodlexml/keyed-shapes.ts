import { fullCredit } from "../../imports/gift-to-question";
import { fractionOf, partTexts } from "./choice-shapes";
import { type KeyedShape, type MoodleProblem, refused } from "./moodle-problem";
import { partText, richText } from "./moodle-text";
import { child, children, elementText, numberOf, value, type XmlNode } from "./xml-node";

/** shortanswer → shortAnswer: each answer (plain text, `*` a wildcard as ours) at its fraction; `usecase` 1 makes letter case count. */
export function shortanswer(question: XmlNode): KeyedShape {
  const answers = children(question, "answer").map((answer) => ({ text: elementText(answer), credit: fractionOf(answer) }));
  const caseSensitive = value(question, "usecase") === "1";
  return { optionType: "shortAnswer", answerKey: { answers, caseSensitive }, rightAnswer: `Correct answer: ${fullCredit(answers, (a) => a.text)}` };
}

/**
 * numerical → numerical. Values with their tolerance and fraction; Moodle's `*` (any other
 * answer) at 0 % is what no match earns here anyway and is left out, at any other credit it
 * cannot be said. Units with multipliers as ours. `showunits` 3 (no units) drops them;
 * `unitgradingtype` 0 leaves the unit optional, 2 takes `unitpenalty` off the question's
 * mark (ours), 1 off the response's grade, which is the same only when every credit is 0 or
 * 100 %, else the question is rejected.
 */
export function numerical(question: XmlNode): KeyedShape | MoodleProblem {
  const answers: { value: number; tolerance: number; credit: number }[] = [];
  for (const answer of children(question, "answer")) {
    const text = elementText(answer);
    const credit = fractionOf(answer);
    if (text === "*" || text === "") {
      if (credit !== 0) return refused("moodleXmlAnyAnswerCredit");
      continue;
    }
    answers.push({ value: numberOf(text), tolerance: Math.abs(numberOf(value(answer, "tolerance") ?? "0")), credit });
  }
  const showUnits = value(question, "showunits");
  const units =
    showUnits === "3"
      ? []
      : children(child(question, "units"), "unit").map((unit) => ({ unit: value(unit, "unit_name") ?? "", multiplier: numberOf(value(unit, "multiplier") ?? "1") }));
  const grading = value(question, "unitgradingtype") ?? "0";
  const unitRequired = grading !== "0" && units.length > 0;
  if (unitRequired && grading === "1" && answers.some((a) => a.credit !== 0 && a.credit !== 100)) return refused("moodleXmlUnitPenaltyOfResponse");
  const penalty = numberOf(value(question, "unitpenalty") ?? "0.1");
  const said = (a: { value: number; tolerance: number }) => (a.tolerance ? `${a.value} ± ${a.tolerance}` : String(a.value));
  const base = units.find((unit) => unit.multiplier === 1)?.unit;
  return {
    optionType: "numerical",
    answerKey: { answers, units, unitRequired, ...(unitRequired ? { unitPenalty: penalty } : {}) },
    rightAnswer: `Correct answer: ${fullCredit(answers, said)}${base ? ` ${base}` : ""}`,
  };
}

/** match → matching: each subquestion with text is a pair (its text the stem, its answer the choice); one without text is an extra wrong choice, as in Moodle. */
export function match(question: XmlNode, format?: string): KeyedShape | MoodleProblem {
  const pairs: { stem: string; choice: string }[] = [];
  const distractors: string[] = [];
  for (const sub of children(question, "subquestion")) {
    const stem = partText(sub, format);
    if (typeof stem !== "string") return stem;
    const choice = elementText(child(sub, "answer"));
    if (stem === "") distractors.push(choice);
    else pairs.push({ stem, choice });
  }
  return { optionType: "matching", answerKey: { pairs, distractors }, rightAnswer: `Correct answer: ${pairs.map((p) => `${p.stem} → ${p.choice}`).join("; ")}` };
}

/** qtype_ordering's grading types that are ours; Moodle reads any other word as "relative to the next item, excluding the last". */
const OTHER_GRADINGS = new Set(["ABS", "ABSOLUTE", "ABSOLUTE_POSITION", "RELATIVE_NEXT_INCLUDE_LAST", "RELATIVE_ONE_PREVIOUS_AND_NEXT", "RELATIVE_ALL_PREVIOUS_AND_NEXT", "LONGEST_ORDERED_SUBSET", "LONGEST_CONTIGUOUS_SUBSET", "RELATIVE_TO_CORRECT"]);

/**
 * ordering (the qtype_ordering plugin) → ordering: the answers in the file's order are the
 * right order. `gradingtype` ALL_OR_NOTHING is allOrNothing, RELATIVE_NEXT_EXCLUDE_LAST (and
 * Moodle's default) relativeToNext; the plugin's other gradings are not ours and rejected.
 * A question showing each student only some of its items (`selecttype` RANDOM or CONTIGUOUS
 * with a `selectcount` below the items) cannot be said either. `layouttype` (vertical or
 * horizontal) is how the list is laid out, not what is right: read as ours.
 */
export function ordering(question: XmlNode, format?: string): KeyedShape | MoodleProblem {
  const items = partTexts(children(question, "answer"), format);
  if (!Array.isArray(items)) return items;
  const gradingType = (value(question, "gradingtype") ?? "RELATIVE_NEXT_EXCLUDE_LAST").toUpperCase();
  if (OTHER_GRADINGS.has(gradingType)) return refused("moodleXmlOrderingGrading", { grading: gradingType });
  // The plugin's first names for these fields were "logical" and "studentsee".
  const selectType = (value(question, "selecttype") ?? value(question, "logical") ?? "RANDOM").toUpperCase();
  const selectCount = numberOf(value(question, "selectcount") ?? value(question, "studentsee") ?? "6");
  // Moodle shows at least 2 items of a subset.
  if (selectType !== "ALL" && selectType !== "EXACT" && Math.max(2, selectCount || 0) < items.length) return refused("moodleXmlOrderingSubset");
  const grading = gradingType === "ALL_OR_NOTHING" ? "allOrNothing" : "relativeToNext";
  return { optionType: "ordering", answerKey: { items, grading }, rightAnswer: `Correct order: ${items.join(" → ")}` };
}

/**
 * essay → essay: the word limits (Moodle 3.10's `minwordlimit`, `maxwordlimit`), the grader
 * information and the response template (rich texts, sanitised by the key's rules). Answers
 * are written in the page here: an essay answered only by attached files (`responseformat`
 * noinline, or attachments required) cannot be said. The response's field size and whether
 * text is required are the page's.
 */
export function essay(question: XmlNode, format?: string): KeyedShape | MoodleProblem {
  const responseFormat = value(question, "responseformat") ?? "editor";
  if (responseFormat === "noinline" || numberOf(value(question, "attachmentsrequired") ?? "0") > 0) return refused("moodleXmlEssayAttachments");
  const words = (name: string) => {
    const limit = numberOf(value(question, name) ?? "");
    return Number.isFinite(limit) && limit > 0 ? limit : undefined;
  };
  const minWords = words("minwordlimit");
  const maxWords = words("maxwordlimit");
  return {
    optionType: "essay",
    answerKey: {
      ...(minWords === undefined ? {} : { minWords }),
      ...(maxWords === undefined ? {} : { maxWords }),
      graderInfo: richText(child(question, "graderinfo"), format),
      responseTemplate: richText(child(question, "responsetemplate"), format),
    },
    rightAnswer: "Marked by a teacher.",
  };
}
