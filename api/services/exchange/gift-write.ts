import type { Pacer } from "../imports/time-slices";
import { TRUE_FALSE_TEXTS } from "../marking/choice";
import type { AnswerKeyOf } from "../marking/schemas";
import { decimal, type ExportQuestion, type NotExported } from "./export/export-question";

/**
 * Our questions as Moodle GIFT (docs.moodle.org "GIFT format"; docs/decisions/0085). GIFT says
 * radio, checkbox, true/false, short answer, numerical, matching and essay questions, their
 * texts, right answers and credits, general feedback (our explanation) and, in Moodle's
 * comment form `// [tag:…]`, tags. It has no ordering and no cloze (Moodle's cloze is a
 * format of its own), so those questions are left out and named in the file's first lines and
 * in the answer (`notExported`). What GIFT cannot say of the others (marks, images, a short
 * answer's case rule, units, an essay's settings) is listed once in the header: exported as
 * its nearest form, the question without it.
 */
export interface GiftFile {
  text: string;
  notExported: NotExported[];
}

export const GIFT_LIMITS_NOTE =
  "GIFT holds no marks, images, case-sensitive short answers, units, essay settings or rubrics: those questions are exported without them.";

/** `~ = # { } :` and the backslash escaped, line breaks as `\n`, so a text never ends a question or opens an answer. */
export function escapeGift(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\\~=#{}:]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, "\\n");
}

/** The whole file; with a pacer, the event loop is given back between questions (a bank of 10,000). */
export async function writeGift(questions: readonly ExportQuestion[], heading: { category: string; course: string; exportedAt: string }, pacer?: Pacer): Promise<GiftFile> {
  const notExported: NotExported[] = [];
  const blocks: string[] = [];
  for (const question of questions) {
    await pacer?.tick();
    const block = giftQuestion(question);
    if (block === null) notExported.push({ id: question.id, optionType: question.optionType });
    else blocks.push(block);
  }
  const header = [
    `// Exported from Quiz: ${oneLine(heading.category)} / ${oneLine(heading.course)}, ${heading.exportedAt}`,
    `// ${GIFT_LIMITS_NOTE}`,
    ...notExported.map(({ id, optionType }) => `// Not exported (GIFT has no ${optionType} question): question ${id}`),
    `$CATEGORY: $course$/${oneLine(heading.course)}/${oneLine(heading.category)}`,
  ];
  return { text: [header.join("\n"), ...blocks].join("\n\n") + "\n", notExported };
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ");

/** One question, or null when GIFT has no form for its type. */
export function giftQuestion(question: ExportQuestion): string | null {
  const answers = answerBlock(question);
  if (answers === null) return null;
  const tags = question.tags.map((tag) => `[tag:${tag.replace(/[\]\r\n]/g, " ")}]`).join(" ");
  const title = escapeGift(oneLine(question.questionText).slice(0, 40).trim()) || `Q${question.id}`;
  const lines = [`// question: ${question.id}`, ...(tags ? [`// ${tags}`] : []), `::${title}::[plain]${escapeGift(question.questionText)}{${question.optionType === "numerical" ? "#" : ""}`, ...answers];
  lines.push(`####[html]${escapeGift(question.explanation)}`, "}");
  return lines.join("\n");
}

/** Credits as GIFT weights: `%50%`; five decimals at most, as Moodle writes them. */
const weight = (credit: number) => `%${decimal(Math.round(credit * 100_000) / 100_000)}%`;

function answerBlock(question: ExportQuestion): string[] | null {
  const { options } = question;
  switch (question.optionType) {
    case "radio":
      return options.map((option) => `${option.optionStatus ? "=" : "~"}${escapeGift(option.optionText)}`);
    case "checkbox": {
      // Moodle's multiple-answer form: the right ones share 100 %, a wrong one takes it all away.
      const right = options.filter((option) => option.optionStatus).length;
      return options.map((option) => `~${option.optionStatus ? weight(100 / right) : "%-100%"}${escapeGift(option.optionText)}`);
    }
    case "trueFalse": {
      const right = options.find((option) => option.optionStatus);
      return [right?.optionText === TRUE_FALSE_TEXTS[0] ? "TRUE" : "FALSE"];
    }
    case "shortAnswer": {
      const key = question.answerKey as AnswerKeyOf<"shortAnswer">;
      return key.answers.map((answer) => `=${weight(answer.credit)}${escapeGift(answer.text)}`);
    }
    case "numerical": {
      const key = question.answerKey as AnswerKeyOf<"numerical">;
      return [...key.answers.map((answer) => `=${weight(answer.credit)}${decimal(answer.value)}:${decimal(answer.tolerance)}`)];
    }
    case "matching": {
      const key = question.answerKey as AnswerKeyOf<"matching">;
      // A pair without a stem is Moodle's extra wrong answer: our distractors.
      return [...key.pairs.map((pair) => `=${escapeGift(pair.stem)} -> ${escapeGift(pair.choice)}`), ...key.distractors.map((text) => `= -> ${escapeGift(text)}`)];
    }
    case "essay":
      return [];
    case "ordering":
    case "cloze":
      return null;
  }
}
