import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The question as a student sees it in a quiz (spec 5 "Preview"): text, image and the
 * options as radio buttons or checkboxes, without the correct marks.
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
  return (
    <section className="editor-preview" aria-label={t("editor.previewTitle")}>
      <h2 className="editor-preview__title">{t("editor.previewTitle")}</h2>
      <fieldset className="editor-preview__question">
        <legend className="editor-preview__text">{questionText || "—"}</legend>
        {imageUrl && <img className="editor-preview__image" src={imageUrl} alt="" />}
        <ul className="editor-preview__options">
          {options.map((option, index) => (
            <li key={index}>
              <label>
                <input type={optionType} name={name} /> {option.optionText || "—"}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
