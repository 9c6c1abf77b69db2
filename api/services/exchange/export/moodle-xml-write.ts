import type { Pacer } from "../../imports/time-slices";
import { bytesToBase64 } from "./base64";
import { type ExportQuestion, plainToHtml } from "./export-question";
import { moodleTypeFields } from "./moodle-xml-types";
import { el, type Xml, xmlDocument } from "./xml";

/**
 * Our questions as Moodle XML (docs.moodle.org "Moodle XML format"; docs/decisions/0085):
 * one `<quiz>` with a category question (`$course$/<course>/<category>`, which Moodle reads
 * as a category in the course it imports into), then each question with its name, HTML text
 * (its image as a base64 `<file>` named by `@@PLUGINFILE@@`), general feedback (our
 * explanation), default grade, tags and its type's own fields (moodle-xml-types.ts). Every
 * type has a Moodle form: ordering is Moodle's qtype_ordering, cloze its multianswer.
 */
export async function writeMoodleXml(questions: readonly ExportQuestion[], place: { category: string; course: string }, pacer?: Pacer): Promise<string> {
  const category = el(
    "question",
    { type: "category" },
    el("category", null, el("text", null, `$course$/${place.course}/${place.category}`)),
  );
  const written: Xml[] = [];
  for (const question of questions) {
    await pacer?.tick();
    written.push(moodleQuestion(question));
  }
  return xmlDocument(el("quiz", null, category, written));
}

const htmlText = (tag: string, html: string, ...more: Xml[]) => el(tag, { format: "html" }, el("text", null, html), ...more);
/** Moodle writes grades with seven decimals. */
export const grade = (value: number) => value.toFixed(7);

export function moodleQuestion(question: ExportQuestion): Xml {
  const type = moodleTypeFields(question);
  const image = question.image;
  // Moodle's question text is HTML; ours is plain text (a cloze's gaps already replaced by Moodle's own).
  let html = `<p>${plainToHtml(type.questionText ?? question.questionText)}</p>`;
  if (image) html += `<p><img src="@@PLUGINFILE@@/${encodeURIComponent(image.name)}" alt=""></p>`;
  const file = image ? el("file", { name: image.name, path: "/", encoding: "base64" }, bytesToBase64(image.bytes)) : null;
  return el(
    "question",
    { type: type.type },
    el("name", null, el("text", null, questionName(question))),
    htmlText("questiontext", html, ...(file ? [file] : [])),
    htmlText("generalfeedback", question.explanation),
    el("defaultgrade", null, grade(question.defaultMark)),
    el("penalty", null, grade(0)),
    el("hidden", null, "0"),
    el("idnumber", null),
    type.fields,
    question.tags.length > 0 ? el("tags", null, question.tags.map((tag) => el("tag", null, el("text", null, tag)))) : null,
  );
}

/** Moodle's question name (required): the text's first words, on one line. */
export const questionName = (question: ExportQuestion) => question.questionText.replace(/\s+/g, " ").trim().slice(0, 80) || `Question ${question.id}`;
