import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { MathsPreview } from "../../../api/services/questions/preview-maths";
import { TextWithMaths } from "../maths/TextWithMaths";

/** Whether a text has a formula delimiter the server would render. */
const hasDelimiters = (text: string) => text.includes("\\(") || text.includes("\\[");

/**
 * The question as a student sees it in a quiz (spec 5 "Preview"): text, image and the
 * options as radio buttons or checkboxes, without the correct marks. Formulas are drawn by
 * the server's own renderer (the route question/preview, ADR 0066), asked again a moment
 * after the author stops typing, so the preview shows exactly the MathML students will get;
 * until it answers, the TeX shows as typed.
 */
export function QuestionPreview({
  questionText,
  imageUrl,
  optionType,
  options,
}: {
  questionText: string;
  imageUrl: string | null;
  optionType: "radio" | "checkbox";
  options: { optionText: string }[];
}) {
  const { t } = useTranslation("bank");
  const name = useId();
  // A refusal (too many previews, a text over its limit) answers without `options`: the TeX then shows as typed.
  const maths = useFetcher<MathsPreview | { message: string }>();
  const texts = [questionText, ...options.map((option) => option.optionText)];
  const withMaths = texts.some(hasDelimiters);
  const key = JSON.stringify(texts);
  const [askedFor, setAskedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!withMaths) return;
    const timer = setTimeout(() => {
      const form = new FormData();
      form.set("questionText", questionText);
      for (const option of options) form.append("option", option.optionText);
      setAskedFor(key);
      void maths.submit(form, { method: "post", action: "/teacher/question/preview" });
    }, 300);
    return () => clearTimeout(timer);
    // The texts (as one key) decide when to ask again.
  }, [key, withMaths]);
  // Only an answer for exactly these texts is shown (the author may have typed since).
  const rendered = withMaths && askedFor === key && maths.state === "idle" && maths.data && "options" in maths.data ? maths.data : undefined;
  return (
    <section className="editor-preview" aria-label={t("editor.previewTitle")}>
      <h2 className="editor-preview__title">{t("editor.previewTitle")}</h2>
      <fieldset className="editor-preview__question">
        <legend className="editor-preview__text">{questionText ? <TextWithMaths text={questionText} html={rendered?.questionTextHtml} /> : "—"}</legend>
        {imageUrl && <img className="editor-preview__image" src={imageUrl} alt="" />}
        <ul className="editor-preview__options">
          {options.map((option, index) => (
            <li key={index}>
              <label>
                <input type={optionType} name={name} /> {option.optionText ? <TextWithMaths text={option.optionText} html={rendered?.options[index]} /> : "—"}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
