import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { isKeyedType } from "../../../api/services/marking/question-types";
import type { MathsPreview } from "../../../api/services/questions/preview-maths";
import type { OptionType } from "../../../db/schema/questions";
import { TextWithMaths } from "../maths/TextWithMaths";
import type { KeyDraft } from "./answer-key-draft";
import { KeyPreview, keyPreviewTexts } from "./KeyPreview";

/** Whether a text has a formula delimiter the server would render. */
const hasDelimiters = (text: string) => text.includes("\\(") || text.includes("\\[");

/**
 * The question as a student sees it in a quiz (spec 5 "Preview"): text, image and the
 * options as radio buttons or checkboxes (True and False in the reader's language), or what
 * the other types ask for (KeyPreview), without the key. Formulas are drawn by
 * the server's own renderer (the route question/preview, ADR 0066), asked again a moment
 * after the author stops typing, so the preview shows exactly the MathML students will get;
 * until it answers, the TeX shows as typed.
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
  const name = useId();
  // A refusal (too many previews, a text over its limit) answers without `options`: the TeX then shows as typed.
  const maths = useFetcher<MathsPreview | { message: string }>();
  const keyTexts = keyDraft && isKeyedType(optionType) ? keyPreviewTexts(optionType, keyDraft) : [];
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
  const keyHtml = new Map(keyTexts.map((text, index) => [text, rendered?.texts?.[index]]));
  const drawn = (text: string) => (text ? <TextWithMaths text={text} html={keyHtml.get(text)} /> : "—");
  const optionLabel = (text: string, index: number) => {
    if (optionType === "trueFalse") return t(index === 0 ? "keyEditor.preview.true" : "keyEditor.preview.false");
    return text ? <TextWithMaths text={text} html={rendered?.options[index]} /> : "—";
  };
  const keyed = keyDraft && isKeyedType(optionType) ? { type: optionType, draft: keyDraft } : null;
  return (
    <section className="editor-preview" aria-label={t("editor.previewTitle")}>
      <h2 className="editor-preview__title">{t("editor.previewTitle")}</h2>
      <fieldset className="editor-preview__question">
        <legend className="editor-preview__text">{optionType === "cloze" ? t("keyEditor.preview.clozeLegend") : questionText ? <TextWithMaths text={questionText} html={rendered?.questionTextHtml} /> : "—"}</legend>
        {imageUrl && <img className="editor-preview__image" src={imageUrl} alt="" />}
        {keyed ? (
          <KeyPreview type={keyed.type} draft={keyed.draft} questionText={questionText} maths={drawn} />
        ) : (
          <ul className="editor-preview__options">
            {options.map((option, index) => (
              <li key={index}>
                <label>
                  <input type={optionType === "checkbox" ? "checkbox" : "radio"} name={name} /> {optionLabel(option.optionText, index)}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </section>
  );
}
