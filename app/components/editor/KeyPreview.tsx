import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { KeyedType } from "../../../api/services/marking/question-types";
import type { ClozeDraft, EssayDraft, KeyDraft, MatchingDraft, NumericalDraft, OrderingDraft } from "./answer-key-draft";

/** Draws a text with its formulas as the server rendered them for the preview (or as typed until it answers). */
export type Maths = (text: string) => ReactNode;

/**
 * The texts of a key a student sees while answering, in the order the preview asks the
 * server to render them (the same texts the save renders: stored-answer-key.ts).
 */
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

/** The student's side of a keyed question, without the key: what the exam page asks for each type. */
export function KeyPreview({ type, draft, questionText, maths }: { type: KeyedType; draft: KeyDraft; questionText: string; maths: Maths }) {
  const { t } = useTranslation("bank");
  const id = useId();
  switch (type) {
    case "shortAnswer":
      return (
        <label className="key-preview__field">
          {t("keyEditor.preview.answer")} <input className="ui-input" />
        </label>
      );
    case "numerical": {
      const { units } = draft as NumericalDraft;
      return (
        <div className="key-form__row">
          <label className="key-preview__field">
            {t("keyEditor.preview.number")} <input className="ui-input" inputMode="decimal" />
          </label>
          {units.length > 0 && (
            <label className="key-preview__field">
              {t("keyEditor.preview.unit")}
              <select className="ui-input">
                {units.map((unit, index) => (
                  <option key={index}>{unit.unit}</option>
                ))}
              </select>
            </label>
          )}
        </div>
      );
    }
    case "matching": {
      const { pairs, distractors } = draft as MatchingDraft;
      // Each right answer once, then the distractors, in an order that does not give the pairs away.
      const choices = [...new Set([...pairs.map((pair) => pair.choice), ...distractors])].sort((a, b) => a.localeCompare(b));
      return (
        <ul className="key-preview__list">
          {pairs.map((pair, index) => (
            <li key={index} className="key-preview__pair">
              <span id={`${id}-stem-${index}`}>{maths(pair.stem)}</span>
              <select className="ui-input" aria-labelledby={`${id}-stem-${index}`} defaultValue="">
                <option value="">{t("keyEditor.preview.chooseMatch")}</option>
                {choices.map((choice, c) => (
                  <option key={c}>{choice}</option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      );
    }
    case "ordering": {
      const { items } = draft as OrderingDraft;
      // Shown out of order, as a student gets them (the exam shuffles; here a fixed turn of the list).
      const shown = items.length > 1 ? [...items.slice(1), items[0]] : items;
      return (
        <ol className="key-preview__list">
          {shown.map((item, index) => (
            <li key={index} className="key-preview__item">
              {maths(item)}
            </li>
          ))}
        </ol>
      );
    }
    case "cloze":
      return <ClozeText text={questionText} draft={draft as ClozeDraft} />;
    case "essay": {
      const { minWords, maxWords, responseTemplate } = draft as EssayDraft;
      const limits = [minWords !== undefined && minWords !== "" ? t("keyEditor.preview.minWords", { count: Number(minWords) }) : null, maxWords !== undefined && maxWords !== "" ? t("keyEditor.preview.maxWords", { count: Number(maxWords) }) : null].filter(Boolean);
      return (
        <div className="key-preview__field">
          <label htmlFor={`${id}-essay`}>{t("keyEditor.preview.essay")}</label>
          <textarea id={`${id}-essay`} className="ui-input" rows={5} defaultValue={responseTemplate.replace(/<[^>]*>/g, "")} key={responseTemplate} />
          {limits.length > 0 && <p className="ui-field__description">{limits.join(" · ")}</p>}
        </div>
      );
    }
  }
}

/** A cloze text with its gaps drawn as the fields a student fills in. */
function ClozeText({ text, draft }: { text: string; draft: ClozeDraft }) {
  const { t } = useTranslation("bank");
  const parts = text.split(/(\{\d{1,4}\})/g);
  return (
    <p className="key-preview__cloze">
      {parts.map((part, index) => {
        const gapNumber = /^\{(\d{1,4})\}$/.exec(part)?.[1];
        const gap = gapNumber ? draft.gaps[Number(gapNumber) - 1] : undefined;
        if (!gapNumber) return <span key={index}>{part}</span>;
        const label = t("keyEditor.preview.gap", { number: gapNumber });
        if (gap?.kind === "choice")
          return (
            <select key={index} className="ui-input key-preview__gap" aria-label={label} defaultValue="">
              <option value="">…</option>
              {gap.choices.map((choice, c) => (
                <option key={c}>{choice.text}</option>
              ))}
            </select>
          );
        return <input key={index} className="ui-input key-preview__gap" aria-label={label} inputMode={gap?.kind === "number" ? "decimal" : undefined} size={8} />;
      })}
    </p>
  );
}
