import type { ClozeKey } from "../marking/cloze";
import type { EssayKey } from "../marking/essay";
import { type MatchingKey, matchingChoices } from "../marking/matching";
import type { NumericalKey } from "../marking/numerical";
import type { OrderingKey } from "../marking/ordering";
import type { ShortAnswerKey } from "../marking/short-answer";
import { isKeyedType } from "../marking/question-types";
import { type AnswerKey, keyTextsWithMaths } from "../questions/stored-answer-key";
import { type AttemptPartIds, shownParts } from "./part-ids";
import type { QuestionKey } from "./scoring";

/** A part a student answers with: its attempt id and its text. */
export interface AnswerPart {
  id: string;
  text: string;
  /** Only when the text has formulas: it with them rendered to MathML when saved (docs/decisions/0066, addendum). */
  textHtml?: string;
}

/**
 * The rendered form of a part's text, looked up by the text itself (a key's paths name places in
 * the key's order, which a page must never learn): the same text renders the same way wherever
 * it stands, so a text is enough, and a duplicated matching choice (matchingChoices) finds its own.
 */
function partHtmlOf(question: QuestionKey): (text: string) => string | undefined {
  const rendered = question.keyHtml;
  if (!rendered || !isKeyedType(question.optionType)) return () => undefined;
  const byText = new Map<string, string>();
  for (const { path, text } of keyTextsWithMaths(question.optionType, question.answerKey as AnswerKey)) {
    const html = rendered[path];
    if (html !== undefined && !byText.has(text)) byText.set(text, html);
  }
  return (text) => byText.get(text);
}

/**
 * What a student needs to answer a question of a type without options, and nothing of its key
 * (decisions.md "What a student receives"): matching `stems` and `choices`, ordering `items`,
 * each shuffled with this attempt's ids (part-ids.ts); a cloze question's gaps (in the order of
 * `{1}`, `{2}`… in its text) with their kind and a dropdown's choices; the units a numerical
 * answer may be given in; an essay's word limits and response template. Never accepted answers,
 * values, tolerances, credits, the pairs, the right order, weights, the rubric or grader information.
 */
export interface AnswerView {
  stems?: AnswerPart[];
  choices?: AnswerPart[];
  items?: AnswerPart[];
  gaps?: { kind: "text" | "number" | "choice"; choices?: AnswerPart[] }[];
  units?: string[];
  minWords?: number;
  maxWords?: number;
  responseTemplate?: string;
}

export function answerViewOf(question: QuestionKey, partIds: AttemptPartIds): AnswerView {
  const key = question.answerKey;
  if (key === undefined || key === null) return {};
  switch (question.optionType) {
    case "matching": {
      const matching = key as MatchingKey;
      const ids = partIds.matching(question.id, matching);
      const htmlOf = partHtmlOf(question);
      return { stems: shownParts(matching.pairs.map((pair) => pair.stem), ids.stemIds, htmlOf), choices: shownParts(matchingChoices(matching), ids.choiceIds, htmlOf) };
    }
    case "ordering": {
      const ordering = key as OrderingKey;
      return { items: shownParts(ordering.items, partIds.ordering(question.id, ordering).itemIds, partHtmlOf(question)) };
    }
    case "cloze": {
      const cloze = key as ClozeKey;
      const ids = partIds.cloze(question.id, cloze);
      const htmlOf = partHtmlOf(question);
      return { gaps: cloze.gaps.map((gap, g) => (gap.kind === "choice" ? { kind: gap.kind, choices: shownParts(gap.choices, ids.choiceIds[g] ?? [], htmlOf) } : { kind: gap.kind })) };
    }
    case "numerical":
      return { units: (key as NumericalKey).units.map((unit) => unit.unit) };
    case "essay": {
      const essay = key as EssayKey;
      return { ...(essay.minWords === undefined ? {} : { minWords: essay.minWords }), ...(essay.maxWords === undefined ? {} : { maxWords: essay.maxWords }), responseTemplate: essay.responseTemplate };
    }
    default:
      return {};
  }
}

/**
 * An answer that earns the full mark, in the answer's own shape and with this attempt's ids:
 * what a review shows as "the right answer" once the quiz's timing allows the key (a one-by-one
 * Check, the result page). The first accepted answer worth 100 % where there are several; none
 * for an essay, which a person marks.
 */
export function rightAnswerOf(question: QuestionKey, partIds: AttemptPartIds): unknown {
  const key = question.answerKey;
  if (key === undefined || key === null) return undefined;
  const full = <T extends { credit: number }>(answers: readonly T[]) => answers.find((answer) => answer.credit === 100) ?? answers[0];
  switch (question.optionType) {
    case "shortAnswer":
      return { text: full((key as ShortAnswerKey).answers).text };
    case "numerical": {
      const numerical = key as NumericalKey;
      const base = numerical.units.find((unit) => unit.multiplier === 1);
      return { value: String(full(numerical.answers).value), ...(base ? { unit: base.unit } : {}) };
    }
    case "matching": {
      const matching = key as MatchingKey;
      const ids = partIds.matching(question.id, matching);
      const choices = matchingChoices(matching);
      return { pairs: matching.pairs.map((pair, i) => ({ stemId: ids.stemIds[i], choiceId: ids.choiceIds[choices.indexOf(pair.choice)] })) };
    }
    case "ordering":
      return { order: [...partIds.ordering(question.id, key as OrderingKey).itemIds] };
    case "cloze": {
      const cloze = key as ClozeKey;
      const ids = partIds.cloze(question.id, cloze);
      return {
        gaps: cloze.gaps.map((gap, g) => {
          if (gap.kind === "number") return String(full(gap.answers).value);
          const text = full(gap.answers).text;
          return gap.kind === "choice" ? (ids.choiceIds[g]?.[gap.choices.indexOf(text)] ?? "") : text;
        }),
      };
    }
    default:
      return undefined;
  }
}
