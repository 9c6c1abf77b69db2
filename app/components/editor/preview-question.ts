import type { KeyedType } from "../../../api/services/marking/question-types";
import type { OptionType } from "../../../db/schema/questions";
import type { AnswerPart } from "../../../api/services/attempts/answer-view";
import type { ExamQuestion } from "../exam/exam-types";
import type { ClozeDraft, EssayDraft, KeyDraft, MatchingDraft, NumericalDraft, OrderingDraft, Typed } from "./answer-key-draft";

/** What an empty text shows in the preview, so a row still being written is seen. */
const EMPTY = "—";

/** The texts of a key a student sees while answering, in the order the preview asks the server to render them (as stored-answer-key.ts renders them at save). */
export function keyPreviewTexts(type: KeyedType, draft: KeyDraft): string[] {
  switch (type) {
    case "matching": {
      const { pairs, distractors } = draft as MatchingDraft;
      return [...pairs.flatMap((pair) => [pair.stem, pair.choice]), ...distractors];
    }
    case "ordering":
      return (draft as OrderingDraft).items;
    case "cloze":
      return (draft as ClozeDraft).gaps.flatMap((gap) => (gap.kind === "choice" ? gap.choices.map((choice) => choice.text) : []));
    default:
      return [];
  }
}

const wordLimit = (typed: Typed | undefined) => (typed === undefined || typed === "" || !Number.isFinite(Number(typed)) ? {} : { value: Number(typed) });

/** The student's key-free view of a keyed question from the editor's draft (answer-view.ts's shapes), each part with the HTML the preview route rendered. */
function answerView(type: KeyedType, draft: KeyDraft, htmlOf: (text: string) => string | undefined): Partial<ExamQuestion> {
  const part = (text: string, id: string): AnswerPart => {
    const textHtml = text ? htmlOf(text) : undefined;
    return textHtml ? { id, text, textHtml } : { id, text: text || EMPTY };
  };
  switch (type) {
    case "shortAnswer":
      return {};
    case "numerical":
      return { units: (draft as NumericalDraft).units.map((unit) => unit.unit).filter(Boolean) };
    case "matching": {
      const { pairs, distractors } = draft as MatchingDraft;
      // Each right answer once, then the distractors, sorted: an order that does not give the pairs away (the exam shuffles).
      const choices = [...new Set([...pairs.map((pair) => pair.choice), ...distractors])].sort((a, b) => a.localeCompare(b));
      return { stems: pairs.map((pair, index) => part(pair.stem, `s${index}`)), choices: choices.map((choice, index) => part(choice, `c${index}`)) };
    }
    case "ordering": {
      const { items } = draft as OrderingDraft;
      // Out of order, as a student gets them (the exam shuffles; here a fixed turn of the list).
      const shown = items.map((item, index) => part(item, `i${index}`));
      return { items: shown.length > 1 ? [...shown.slice(1), shown[0]] : shown };
    }
    case "cloze":
      return { gaps: (draft as ClozeDraft).gaps.map((gap, g) => (gap.kind === "choice" ? { kind: gap.kind, choices: gap.choices.map((choice, c) => part(choice.text, `g${g}c${c}`)) } : { kind: gap.kind })) };
    case "essay": {
      const { minWords, maxWords, responseTemplate } = draft as EssayDraft;
      const min = wordLimit(minWords);
      const max = wordLimit(maxWords);
      return { ...("value" in min ? { minWords: min.value } : {}), ...("value" in max ? { maxWords: max.value } : {}), responseTemplate };
    }
  }
}

export interface PreviewInput {
  questionText: string;
  imageUrl: string | null;
  optionType: OptionType;
  options: { optionText: string }[];
  keyDraft: KeyDraft | null;
  keyed: KeyedType | null;
}

/** What the preview route rendered: the question's text, each option, and the key's texts by their text. */
export interface PreviewHtml {
  questionTextHtml?: string | null;
  options: (string | null | undefined)[];
  keyHtml: (text: string) => string | undefined;
}

/**
 * The question as the exam page receives it (PaperQuestion), from the editor's form: the preview
 * draws it with the exam's own QuestionCard and inputs, so it is exactly what a student sees.
 */
export function previewQuestion({ questionText, imageUrl, optionType, options, keyDraft, keyed }: PreviewInput, html: PreviewHtml): ExamQuestion {
  const questionTextHtml = html.questionTextHtml ?? undefined;
  return {
    id: 0,
    questionId: 0,
    questionText: questionText || EMPTY,
    ...(questionTextHtml ? { questionTextHtml } : {}),
    questionImage: imageUrl,
    optionType,
    defaultMark: 1,
    // True and False as stored (the card says them in the reader's language); the others as typed.
    options: keyed
      ? []
      : options.map((option, index) => {
          const optionText = optionType === "trueFalse" ? (index === 0 ? "True" : "False") : option.optionText || EMPTY;
          const optionTextHtml = optionType === "trueFalse" ? undefined : (html.options[index] ?? undefined);
          return { id: index + 1, optionText, ...(optionTextHtml ? { optionTextHtml } : {}) };
        }),
    ...(keyed && keyDraft ? answerView(keyed, keyDraft, html.keyHtml) : {}),
  };
}
