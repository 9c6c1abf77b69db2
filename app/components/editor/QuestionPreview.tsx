import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { isKeyedType } from "../../../api/services/marking/question-types";
import type { MathsPreview } from "../../../api/services/questions/preview-maths";
import type { OptionType } from "../../../db/schema/questions";
import type { LocalAnswer } from "../exam/exam-types";
import { QuestionCard } from "../exam/QuestionCard";
import type { KeyDraft } from "./answer-key-draft";
import { keyPreviewTexts, previewQuestion } from "./preview-question";

/** Whether a text has a formula delimiter the server would render. */
const hasDelimiters = (text: string) => text.includes("\\(") || text.includes("\\[");

const NO_ANSWER: LocalAnswer = { answer: [], markedForReview: false };

/**
 * The question as a student sees it in a quiz (spec 5 "Preview"), drawn by the exam page's own
 * QuestionCard and each type's own input (answers/*), from the form's values, without the key.
 * The author may try it: the answer stays in this component, nothing is saved or sent.
 * Formulas are drawn by the server's own renderer (the route question/preview, ADR 0066),
 * asked again a moment after the author stops typing, so the preview shows exactly the MathML
 * students will get; until it answers, the TeX shows as typed.
 */
export function QuestionPreview({
  questionText,
  imageUrl,
  optionType,
  options,
  keyDraft,
}: {
  questionText: string;
  imageUrl: string | null;
  optionType: OptionType;
  options: { optionText: string }[];
  keyDraft: KeyDraft | null;
}) {
  const { t } = useTranslation("bank");
  // A refusal (too many previews, a text over its limit) answers without `options`: the TeX then shows as typed.
  const maths = useFetcher<MathsPreview | { message: string }>();
  const keyed = keyDraft && isKeyedType(optionType) ? optionType : null;
  const keyTexts = keyed && keyDraft ? keyPreviewTexts(keyed, keyDraft) : [];
  const texts = [questionText, ...options.map((option) => option.optionText), ...keyTexts];
  const withMaths = texts.some(hasDelimiters);
  const key = JSON.stringify(texts);
  const [askedFor, setAskedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!withMaths) return;
    const timer = setTimeout(() => {
      const form = new FormData();
      form.set("questionText", questionText);
      for (const option of options) form.append("option", option.optionText);
      for (const text of keyTexts) form.append("text", text);
      setAskedFor(key);
      void maths.submit(form, { method: "post", action: "/teacher/question/preview" });
    }, 300);
    return () => clearTimeout(timer);
    // The texts (as one key) decide when to ask again.
  }, [key, withMaths]);
  // Only an answer for exactly these texts is shown (the author may have typed since).
  const rendered = withMaths && askedFor === key && maths.state === "idle" && maths.data && "options" in maths.data ? maths.data : undefined;
  const keyHtml = new Map(keyTexts.map((text, index) => [text, rendered?.texts?.[index] ?? undefined]));
  const question = previewQuestion(
    { questionText, imageUrl, optionType, options, keyDraft, keyed },
    { questionTextHtml: rendered?.questionTextHtml, options: rendered?.options ?? [], keyHtml: (text) => keyHtml.get(text) },
  );
  return (
    // Inside the editor's form: Enter in a tried answer's field must not save the question.
    <section className="editor-preview" aria-label={t("editor.previewTitle")} onKeyDown={(event) => event.key === "Enter" && event.target instanceof HTMLInputElement && event.preventDefault()}>
      <h2 className="editor-preview__title">{t("editor.previewTitle")}</h2>
      {/* A new type starts with no answer (an answer of another type has another shape). */}
      <TriedQuestion key={optionType} question={question} />
    </section>
  );
}

/** The exam's card with an answer the author may give, kept here only. */
function TriedQuestion({ question }: { question: ReturnType<typeof previewQuestion> }) {
  const [answer, setAnswer] = useState<LocalAnswer>(NO_ANSWER);
  return <QuestionCard question={question} number={1} total={1} value={answer} onChange={setAnswer} />;
}
