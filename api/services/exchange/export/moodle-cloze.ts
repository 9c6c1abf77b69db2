import type { AnswerKeyOf } from "../../marking/schemas";
import { decimal } from "./export-question";

type ClozeKey = AnswerKeyOf<"cloze">;
type Gap = ClozeKey["gaps"][number];

/** Moodle's cloze escapes these inside an answer with a backslash (docs.moodle.org "Embedded Answers (Cloze) question type"). */
const escapeCloze = (text: string) => text.replace(/[\\}#~/"]/g, (ch) => `\\${ch}`);
const credit = (value: number) => (value === 100 ? "=" : `%${decimal(Math.round(value * 100_000) / 100_000)}%`);

/**
 * Our cloze text with each `{n}` replaced by Moodle's embedded answer `{weight:TYPE:…}`: a
 * text gap is SHORTANSWER (letter case ignored, as ours), a number gap NUMERICAL (the gap's
 * tolerance on each value), a dropdown MULTICHOICE (every choice, the accepted ones with their
 * credit). Moodle's weights are whole numbers: weights that are not are scaled by 100, which
 * keeps their ratios (all Moodle uses).
 */
export function clozeMarkers(text: string, key: ClozeKey): string {
  const whole = key.gaps.every((gap) => Number.isInteger(gap.weight));
  const weightOf = (gap: Gap) => (whole ? gap.weight : Math.max(1, Math.round(gap.weight * 100)));
  return text.replace(/\{(\d{1,4})\}/g, (marker, n: string) => {
    const gap = key.gaps[Number(n) - 1];
    return gap ? `{${weightOf(gap)}:${gapBody(gap)}}` : marker;
  });
}

function gapBody(gap: Gap): string {
  switch (gap.kind) {
    case "text":
      return `SHORTANSWER:${gap.answers.map((a) => credit(a.credit) + escapeCloze(a.text)).join("~")}`;
    case "number":
      return `NUMERICAL:${gap.answers.map((a) => `${credit(a.credit)}${decimal(a.value)}:${decimal(gap.tolerance)}`).join("~")}`;
    case "choice":
      return `MULTICHOICE:${gap.choices
        .map((choice) => {
          const accepted = gap.answers.find((a) => a.text === choice);
          return (accepted ? credit(accepted.credit) : "") + escapeCloze(choice);
        })
        .join("~")}`;
  }
}
