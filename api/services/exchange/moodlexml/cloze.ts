import { plainTextOf } from "../html-to-text";
import { isProblem, type MoodleProblem, refused } from "./moodle-problem";
import { numberOf } from "./xml-node";

/**
 * Moodle's embedded answers (multianswer, "Cloze"): the question text holds its gaps as
 * `{weight:TYPE:answers}` (docs.moodle.org "Embedded Answers (Cloze) question type"), each
 * answer `=` (100 %) or `%n%` then its text, `#feedback` after it, `~` between answers, `\`
 * escaping `}`, `#`, `~`, `/`, `"` and itself. Moodle's XML export writes the gaps back into the
 * text, so the text is all there is to read. Each gap becomes `{1}`, `{2}`… of our cloze text
 * and one entry of its key (decisions.md): ours hold text gaps that ignore letter case, number
 * gaps with one tolerance, and dropdowns of one choice; anything else is rejected with the gap.
 */
const GAP = /\{(\d*(?:\.\d+)?):([A-Za-z_]+):((?:\\.|[^\\}])*)\}/g;

const TEXT_TYPES = new Set(["SHORTANSWER", "SA", "MW"]);
const NUMBER_TYPES = new Set(["NUMERICAL", "NM"]);
/** Every dropdown or radio layout of one choice (vertical, horizontal, shuffled): one dropdown here. */
const CHOICE_TYPES = new Set(["MULTICHOICE", "MC", "MULTICHOICE_V", "MCV", "MULTICHOICE_H", "MCH", "MULTICHOICE_S", "MCS", "MULTICHOICE_VS", "MCVS", "MULTICHOICE_HS", "MCHS"]);

type Gap = Record<string, unknown>;
interface Answer {
  text: string;
  credit: number;
}

/** The cloze question's text (gaps as `{n}`, still HTML) and key, or the first gap that cannot be said. */
export function readCloze(html: string): { html: string; gaps: Gap[] } | MoodleProblem {
  const gaps: Gap[] = [];
  let problem: MoodleProblem | undefined;
  const text = html.replace(GAP, (_whole, weightText: string, typeText: string, body: string) => {
    const gap = gapOf(gaps.length + 1, weightText, typeText.toUpperCase(), body);
    if (isProblem(gap)) problem ??= gap;
    else gaps.push(gap);
    return `{${gaps.length}}`;
  });
  return problem ?? { html: text, gaps };
}

function gapOf(number: number, weightText: string, type: string, body: string): Gap | MoodleProblem {
  const weight = weightText === "" ? 1 : Number(weightText);
  const answers = splitAnswers(body);
  if (TEXT_TYPES.has(type)) return { kind: "text", answers, weight };
  if (CHOICE_TYPES.has(type)) {
    return { kind: "choice", choices: answers.map((answer) => answer.text), answers: answers.filter((answer) => answer.credit > 0), weight };
  }
  if (NUMBER_TYPES.has(type)) {
    // A 0 % answer (often `*`, "anything else") earns what no match earns: left out.
    const scored = answers.filter((answer) => answer.credit !== 0).map((answer) => ({ ...numberAndTolerance(answer.text), credit: answer.credit }));
    const tolerances = new Set(scored.map((answer) => answer.tolerance));
    if (tolerances.size > 1) return refused("moodleXmlClozeGap", { gap: number, type });
    return { kind: "number", answers: scored.map(({ value, credit }) => ({ value, credit })), tolerance: scored[0]?.tolerance ?? 0, weight };
  }
  // SHORTANSWER_C (letter case counts), MULTIRESPONSE (several choices) and any other type.
  return refused("moodleXmlClozeGap", { gap: number, type });
}

/** `=a#fb~%50%b~c`: each answer's text (plain, unescaped) and credit; the feedback is not kept. */
function splitAnswers(body: string): Answer[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\" && i + 1 < body.length) current += body[i] + body[++i];
    else if (body[i] === "~") {
      parts.push(current);
      current = "";
    } else current += body[i];
  }
  parts.push(current);
  return parts.map((part) => {
    const weighted = /^%(-?\d+(?:\.\d+)?)%/.exec(part);
    const credit = part.startsWith("=") ? 100 : weighted ? Number(weighted[1]) : 0;
    const rest = part.startsWith("=") ? part.slice(1) : weighted ? part.slice(weighted[0].length) : part;
    const withoutFeedback = rest.split(/(?<!\\)#/)[0];
    return { text: plainTextOf(withoutFeedback.replace(/\\(.)/g, "$1")), credit };
  });
}

function numberAndTolerance(text: string): { value: number; tolerance: number } {
  const [valueText, toleranceText = "0"] = text.split(":");
  return { value: numberOf(valueText), tolerance: Math.abs(numberOf(toleranceText)) };
}
