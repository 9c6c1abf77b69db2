import { escapeHtml } from "../../escape-html";
import type { ImportedFile } from "../../core/heavy-jobs";
import { importFileRef } from "../../imports/import-files";
import { multichoice, truefalse } from "./choice-shapes";
import { readCloze } from "./cloze";
import { essay, match, numerical, ordering, shortanswer } from "./keyed-shapes";
import { isProblem, type KeyedShape, type MoodleMapping, type MoodleProblem, refused } from "./moodle-problem";
import { formatOf, richText, textOfSource } from "./moodle-text";
import { questionImage } from "./question-image";
import { attribute, child, children, elementText, numberOf, ownText, value, type XmlNode } from "./xml-node";

type Place = { category: string; course: string };

/**
 * One `<question>` of a Moodle XML file as the editor's question input (decisions.md shapes),
 * per type (docs/decisions/0083-moodle-xml-import.md has the table). As with GIFT, only the
 * shape is made here; whether it is a good question is `validateQuestion`'s to say afterwards.
 * Common to every type: the text (HTML → our plain text, its one image kept), `defaultgrade` →
 * defaultMark, `generalfeedback` → the explanation (without one, the right answer is named, as
 * GIFT's import does), `<tags>` → tags. The file's `$course$/…` categories are not read: the
 * dialog's category and course win. The question's name and per-answer feedback have no place
 * here and are not kept.
 */
export function moodleToQuestion(question: XmlNode, place: Place): MoodleMapping {
  const type = attribute(question, "type") ?? "";
  if (type === "description") return refused("moodleXmlDescription");
  const textField = child(question, "questiontext");
  const format = formatOf(textField);
  let source = elementText(textField);
  let keyed: KeyedShape | MoodleProblem;
  // Moodle's export names multianswer "cloze" (and match "matching"); its import reads both names.
  if (type === "cloze" || type === "multianswer") {
    const cloze = readCloze(source);
    if (isProblem(cloze)) return cloze;
    source = cloze.html;
    keyed = { optionType: "cloze", answerKey: { gaps: cloze.gaps }, rightAnswer: clozeRightAnswer(cloze.gaps) };
  } else keyed = keyedShape(type, question, format);
  if (isProblem(keyed)) return keyed;

  const { text, images } = textOfSource(source, format);
  // Moodle 1.x kept the image beside the text (`<image>`), and its import shows it after the text.
  const oldImage = value(question, "image") && value(question, "image_base64") ? [`@@PLUGINFILE@@/${value(question, "image")}`] : [];
  const shown = [...images, ...oldImage];
  if (shown.length > 1) return refused("moodleXmlImages", { count: shown.length });
  let files: ImportedFile[] | undefined;
  if (shown.length === 1) {
    const image = questionImage(question, shown[0]);
    if (isProblem(image)) return image;
    files = [image.file];
  }
  const feedback = richText(child(question, "generalfeedback"), format);
  const grade = value(question, "defaultgrade");
  return {
    input: {
      questionText: text,
      ...(files ? { questionImage: importFileRef(0) } : {}),
      optionType: keyed.optionType,
      options: keyed.options ?? [],
      ...(keyed.answerKey === undefined ? {} : { answerKey: keyed.answerKey }),
      ...(grade === undefined || grade === "" ? {} : { defaultMark: numberOf(grade) }),
      category: place.category,
      course: place.course,
      tags: tagsOf(question),
      answerExplaination: feedback || `<p>${escapeHtml(keyed.rightAnswer)}</p>`,
    },
    ...(files ? { files } : {}),
  };
}

function keyedShape(type: string, question: XmlNode, format: string | undefined): KeyedShape | MoodleProblem {
  switch (type) {
    case "multichoice":
      return multichoice(question, format);
    case "truefalse":
      return truefalse(question);
    case "shortanswer":
      return shortanswer(question);
    case "numerical":
      return numerical(question);
    case "match":
    case "matching":
      return match(question, format);
    case "ordering":
      return ordering(question, format);
    case "essay":
      return essay(question, format);
    default:
      // calculated, drag and drop, random short-answer matching, plugins: not ours.
      return refused("moodleXmlUnsupported", { type: type.slice(0, 40) || "?" });
  }
}

/**
 * `<tags><tag><text>a</text></tag></tags>` (Moodle 2.x and later), or a tag's text written
 * directly in `<tag>` as some older exports and hand-written files have it.
 */
function tagsOf(question: XmlNode): string[] {
  return children(child(question, "tags"), "tag")
    .map((tag) => (child(tag, "text") ? elementText(tag) : ownText(tag).trim()))
    .filter((tag) => tag !== "");
}

function clozeRightAnswer(gaps: Record<string, unknown>[]): string {
  const said = gaps.map((gap, index) => {
    const answers = (gap.answers as { text?: string; value?: number; credit: number }[]).filter((answer) => answer.credit === 100);
    return `${index + 1}: ${answers.map((answer) => answer.text ?? String(answer.value)).join(" / ")}`;
  });
  return `Correct answers: ${said.join("; ")}`;
}
