import type { ImportCandidate } from "../../imports/import-summary";
import { MAX_IMPORT_ROWS, refuseFile, tooManyRows } from "../../imports/parse-csv";
import { createPacer } from "../../imports/time-slices";
import { say } from "../../message-codes";
import { readXmlDocument } from "../xml-text";
import { moodleToQuestion } from "./moodle-to-question";
import { attribute, child, children, REPEATED, type XmlNode } from "./xml-node";

/** `<question` openings, and those of Moodle's category markers, counted in the text before any parsing. */
const QUESTION_OPENING = /<question[\s>]/g;
const CATEGORY_OPENING = /<question\s[^>]*type\s*=\s*["']category["']/g;

/**
 * A Moodle XML file (`<quiz>` of `<question type="…">`) → question inputs for the editor's
 * rules (moodle-to-question.ts), one candidate per question, numbered from 1 in the file's
 * order; `type="category"` markers are not questions and are not counted (the dialog's
 * category and course win, as for GIFT). Whole-file refusals (400): entities declared, not
 * well-formed XML, no `<quiz>`, more than 10,000 questions (counted before parsing, the CSV
 * cap and message). A question that cannot be said is a rejected one with its reason.
 */
export async function parseMoodleXml(text: string, place: { category: string; course: string }): Promise<ImportCandidate[]> {
  const counted = (text.match(QUESTION_OPENING)?.length ?? 0) - (text.match(CATEGORY_OPENING)?.length ?? 0);
  if (counted > MAX_IMPORT_ROWS) throw tooManyRows(counted);
  const document = readXmlDocument(text, { isArray: (name: string) => REPEATED.has(name) }) as XmlNode;
  const quiz = child(document, "quiz");
  if (!quiz) throw refuseFile(say("IMPORT_NOT_MOODLE_XML"));
  const questions = children(quiz, "question").filter((question) => attribute(question, "type") !== "category");
  if (questions.length > MAX_IMPORT_ROWS) throw tooManyRows(questions.length);
  const candidates: ImportCandidate[] = [];
  const pacer = createPacer();
  for (const [index, question] of questions.entries()) {
    await pacer.tick();
    const number = index + 1;
    const mapped = moodleToQuestion(question, place);
    candidates.push("problem" in mapped ? { number, problems: [mapped.problem] } : { number, input: mapped.input, ...(mapped.files ? { files: mapped.files } : {}) });
  }
  return candidates;
}
