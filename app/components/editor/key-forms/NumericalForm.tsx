import { useTranslation } from "react-i18next";
import { MARKING_LIMITS as L } from "../../../../api/services/marking/limits";
import type { NumericalDraft } from "../answer-key-draft";
import { type ErrorOf, KeyCheckbox, KeyInput, RowList } from "./KeyFields";

/** decisions.md `numerical`: accepted values with tolerance and credit, units with multipliers, the unit rule and its penalty. */
export function NumericalForm({ draft, onChange, errorOf }: { draft: NumericalDraft; onChange: (draft: NumericalDraft) => void; errorOf: ErrorOf }) {
  const { t } = useTranslation("bank");
  return (
    <>
      <RowList
        path="answerKey.answers"
        legend={t("keyEditor.values")}
        hint={t("keyEditor.valuesHint")}
        rows={draft.answers}
        onChange={(answers) => onChange({ ...draft, answers })}
        newRow={() => ({ value: "", tolerance: 0, credit: 0 })}
        min={1}
        max={L.maxAnswers}
        errorOf={errorOf}
        addLabel={t("keyEditor.addValue")}
        removeLabel={(number) => t("keyEditor.removeValue", { number })}
      >
        {(answer, index, set) => (
          <>
            <KeyInput path={`answerKey.answers.${index}.value`} label={t("keyEditor.value", { number: index + 1 })} value={answer.value} number onChange={(value) => set({ ...answer, value })} errorOf={errorOf} />
            <KeyInput path={`answerKey.answers.${index}.tolerance`} label={t("keyEditor.tolerance", { number: index + 1 })} value={answer.tolerance} number onChange={(tolerance) => set({ ...answer, tolerance })} errorOf={errorOf} />
            <KeyInput path={`answerKey.answers.${index}.credit`} label={t("keyEditor.valueCredit", { number: index + 1 })} value={answer.credit} number onChange={(credit) => set({ ...answer, credit })} errorOf={errorOf} />
          </>
        )}
      </RowList>
      <RowList
        path="answerKey.units"
        legend={t("keyEditor.units")}
        hint={t("keyEditor.unitsHint")}
        rows={draft.units}
        onChange={(units) => onChange({ ...draft, units })}
        newRow={() => ({ unit: "", multiplier: draft.units.length === 0 ? 1 : "" })}
        max={L.maxUnits}
        errorOf={errorOf}
        addLabel={t("keyEditor.addUnit")}
        removeLabel={(number) => t("keyEditor.removeUnit", { number })}
      >
        {(unit, index, set) => (
          <>
            <KeyInput path={`answerKey.units.${index}.unit`} label={t("keyEditor.unit", { number: index + 1 })} value={unit.unit} maxLength={L.unitText} onChange={(text) => set({ ...unit, unit: text })} errorOf={errorOf} />
            <KeyInput path={`answerKey.units.${index}.multiplier`} label={t("keyEditor.multiplier", { number: index + 1 })} value={unit.multiplier} number onChange={(multiplier) => set({ ...unit, multiplier })} errorOf={errorOf} />
          </>
        )}
      </RowList>
      <div className="key-form__row">
        <KeyCheckbox path="answerKey.unitRequired" label={t("keyEditor.unitRequired")} checked={draft.unitRequired} onChange={(unitRequired) => onChange({ ...draft, unitRequired })} />
        <KeyInput path="answerKey.unitPenalty" label={t("keyEditor.unitPenalty")} value={draft.unitPenalty} number onChange={(unitPenalty) => onChange({ ...draft, unitPenalty })} errorOf={errorOf} />
      </div>
      {errorOf("answerKey.unitRequired") && <p className="ui-field__error">{errorOf("answerKey.unitRequired")}</p>}
    </>
  );
}
