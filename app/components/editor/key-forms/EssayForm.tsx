import { useTranslation } from "react-i18next";
import { MARKING_LIMITS as L } from "../../../../api/services/marking/limits";
import type { EssayDraft, RubricDraft } from "../answer-key-draft";
import { type ErrorOf, KeyInput, RowList } from "./KeyFields";

const blankCriterion = (): RubricDraft => ({ criterion: "", levels: [{ label: "", points: 0 }, { label: "", points: 1 }] });

/** decisions.md `essay`: word limits, the response template, information for graders, and an optional rubric (criteria × levels). */
export function EssayForm({ draft, onChange, errorOf }: { draft: EssayDraft; onChange: (draft: EssayDraft) => void; errorOf: ErrorOf }) {
  const { t } = useTranslation("bank");
  const rubric = draft.rubric ?? [];
  return (
    <>
      <div className="key-form__row">
        <KeyInput path="answerKey.minWords" label={t("keyEditor.minWords")} value={draft.minWords} number onChange={(minWords) => onChange({ ...draft, minWords })} errorOf={errorOf} />
        <KeyInput path="answerKey.maxWords" label={t("keyEditor.maxWords")} value={draft.maxWords} number onChange={(maxWords) => onChange({ ...draft, maxWords })} errorOf={errorOf} />
      </div>
      <p className="ui-field__description">{t("keyEditor.wordsHint")}</p>
      <KeyInput path="answerKey.responseTemplate" label={t("keyEditor.responseTemplate")} value={draft.responseTemplate} multiline maxLength={L.essayHtml} onChange={(responseTemplate) => onChange({ ...draft, responseTemplate })} errorOf={errorOf} />
      <KeyInput path="answerKey.graderInfo" label={t("keyEditor.graderInfo")} value={draft.graderInfo} multiline maxLength={L.essayHtml} onChange={(graderInfo) => onChange({ ...draft, graderInfo })} errorOf={errorOf} />
      <RowList
        path="answerKey.rubric"
        legend={t("keyEditor.rubric")}
        hint={t("keyEditor.rubricHint")}
        rows={rubric}
        onChange={(criteria) => onChange({ ...draft, rubric: criteria.length > 0 ? criteria : undefined })}
        newRow={blankCriterion}
        max={L.maxCriteria}
        errorOf={errorOf}
        addLabel={t("keyEditor.addCriterion")}
        removeLabel={(number) => t("keyEditor.removeCriterion", { number })}
      >
        {(criterion, index, set) => (
          <>
            <KeyInput path={`answerKey.rubric.${index}.criterion`} label={t("keyEditor.criterion", { number: index + 1 })} value={criterion.criterion} maxLength={L.itemText} onChange={(text) => set({ ...criterion, criterion: text })} errorOf={errorOf} />
            <RowList
              path={`answerKey.rubric.${index}.levels`}
              legend={t("keyEditor.levels", { number: index + 1 })}
              rows={criterion.levels}
              onChange={(levels) => set({ ...criterion, levels })}
              newRow={() => ({ label: "", points: "" })}
              min={L.minLevels}
              max={L.maxLevels}
              errorOf={errorOf}
              addLabel={t("keyEditor.addLevel", { number: index + 1 })}
              removeLabel={(number) => t("keyEditor.removeLevel", { criterion: index + 1, number })}
            >
              {(level, l, setLevel) => (
                <>
                  <KeyInput path={`answerKey.rubric.${index}.levels.${l}.label`} label={t("keyEditor.level", { criterion: index + 1, number: l + 1 })} value={level.label} maxLength={L.answerText} onChange={(label) => setLevel({ ...level, label })} errorOf={errorOf} />
                  <KeyInput path={`answerKey.rubric.${index}.levels.${l}.points`} label={t("keyEditor.points", { criterion: index + 1, number: l + 1 })} value={level.points} number onChange={(points) => setLevel({ ...level, points })} errorOf={errorOf} />
                </>
              )}
            </RowList>
          </>
        )}
      </RowList>
    </>
  );
}
