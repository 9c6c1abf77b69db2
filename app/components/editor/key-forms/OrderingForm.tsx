import { useTranslation } from "react-i18next";
import { MARKING_LIMITS as L } from "../../../../api/services/marking/limits";
import { ORDERING_GRADINGS } from "../../../../api/services/marking/ordering";
import type { OrderingDraft } from "../answer-key-draft";
import { type ErrorOf, KeyInput, RowList } from "./KeyFields";

/** decisions.md `ordering`: the items in the right order (moved with buttons, not only dragged) and how the order is marked. */
export function OrderingForm({ draft, onChange, errorOf }: { draft: OrderingDraft; onChange: (draft: OrderingDraft) => void; errorOf: ErrorOf }) {
  const { t } = useTranslation("bank");
  return (
    <>
      <RowList
        path="answerKey.items"
        legend={t("keyEditor.items")}
        hint={t("keyEditor.itemsHint")}
        rows={draft.items}
        onChange={(items) => onChange({ ...draft, items })}
        newRow={() => ""}
        min={L.minItems}
        max={L.maxItems}
        errorOf={errorOf}
        addLabel={t("keyEditor.addItem")}
        removeLabel={(number) => t("keyEditor.removeItem", { number })}
        moveLabels={{ up: (number) => t("keyEditor.moveUp", { number }), down: (number) => t("keyEditor.moveDown", { number }) }}
      >
        {(text, index, set) => <KeyInput path={`answerKey.items.${index}`} label={t("keyEditor.item", { number: index + 1 })} value={text} maxLength={L.itemText} onChange={set} errorOf={errorOf} />}
      </RowList>
      <fieldset className="editor__type">
        <legend className="ui-field__label">{t("keyEditor.grading")}</legend>
        {ORDERING_GRADINGS.map((grading) => (
          <label key={grading} className="editor__type-choice">
            <input type="radio" name="answerKey.grading" value={grading} checked={draft.grading === grading} onChange={() => onChange({ ...draft, grading })} />
            {t(`keyEditor.gradings.${grading}`)}
          </label>
        ))}
        {errorOf("answerKey.grading") && <p className="ui-field__error">{errorOf("answerKey.grading")}</p>}
      </fieldset>
    </>
  );
}
