import { useTranslation } from "react-i18next";
import { CLOZE_GAP_KINDS } from "../../../../api/services/marking/cloze";
import { MARKING_LIMITS as L } from "../../../../api/services/marking/limits";
import { blankGap, blankTextAnswer, type ClozeDraft, type GapDraft, type Typed } from "../answer-key-draft";
import { type ErrorOf, KeyInput, RowList } from "./KeyFields";

/**
 * decisions.md `cloze`: the question text holds `{1}`, `{2}`…; here each gap's kind (text,
 * number, dropdown), its accepted answers or choices with credit, and its weight. Adding a gap
 * also writes its mark at the end of the text (`onInsertGap`), which the author then moves.
 */
export function ClozeForm({ draft, onChange, errorOf, onInsertGap }: { draft: ClozeDraft; onChange: (draft: ClozeDraft) => void; errorOf: ErrorOf; onInsertGap: (number: number) => void }) {
  const { t } = useTranslation("bank");
  return (
    <RowList
      path="answerKey.gaps"
      legend={t("keyEditor.gaps")}
      hint={t("keyEditor.gapsHint")}
      rows={draft.gaps}
      onChange={(gaps) => {
        if (gaps.length > draft.gaps.length) onInsertGap(gaps.length);
        onChange({ gaps });
      }}
      newRow={() => blankGap("text")}
      min={L.minGaps}
      max={L.maxGaps}
      errorOf={errorOf}
      addLabel={t("keyEditor.addGap")}
      removeLabel={(number) => t("keyEditor.removeGap", { number })}
    >
      {(gap, index, set) => <GapFields gap={gap} index={index} set={set} errorOf={errorOf} />}
    </RowList>
  );
}

function GapFields({ gap, index, set, errorOf }: { gap: GapDraft; index: number; set: (gap: GapDraft) => void; errorOf: ErrorOf }) {
  const { t } = useTranslation("bank");
  const number = index + 1;
  const path = `answerKey.gaps.${index}`;
  const kindId = `field-${path.replace(/\./g, "-")}-kind`;
  return (
    <div className="key-gap">
      <p className="key-gap__title">{t("keyEditor.gap", { number })}</p>
      <div className="key-form__row">
        <div className="key-field">
          <label className="key-field__label" htmlFor={kindId}>
            {t("keyEditor.gapKind", { number })}
          </label>
          <select id={kindId} name={`${path}.kind`} className="ui-input" value={gap.kind} onChange={(event) => set({ ...blankGap(event.target.value as GapDraft["kind"]), weight: gap.weight })}>
            {CLOZE_GAP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`keyEditor.gapKinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <KeyInput path={`${path}.weight`} label={t("keyEditor.weight", { number })} value={gap.weight} number onChange={(weight) => set({ ...gap, weight })} errorOf={errorOf} />
        {gap.kind === "number" && <KeyInput path={`${path}.tolerance`} label={t("keyEditor.gapTolerance", { number })} value={gap.tolerance} number onChange={(tolerance) => set({ ...gap, tolerance })} errorOf={errorOf} />}
      </div>
      {gap.kind !== "choice" && (
        // A text gap's answers are texts, a number gap's values; both with their credit.
        <RowList<{ text?: string; value?: Typed; credit: Typed }>
          path={`${path}.answers`}
          legend={t("keyEditor.gapAnswers", { number })}
          rows={gap.answers}
          onChange={(answers) => set({ ...gap, answers } as GapDraft)}
          newRow={() => (gap.kind === "text" ? blankTextAnswer(0) : { value: "", credit: 0 })}
          min={1}
          max={L.maxAnswers}
          errorOf={errorOf}
          addLabel={t("keyEditor.addGapAnswer", { number })}
          removeLabel={(n) => t("keyEditor.removeGapAnswer", { gap: number, number: n })}
        >
          {(answer, a, setAnswer) => (
            <>
              {gap.kind === "text" ? (
                <KeyInput path={`${path}.answers.${a}.text`} label={t("keyEditor.gapAnswer", { gap: number, number: a + 1 })} value={answer.text} maxLength={L.answerText} onChange={(text) => setAnswer({ ...answer, text })} errorOf={errorOf} />
              ) : (
                <KeyInput path={`${path}.answers.${a}.value`} label={t("keyEditor.gapValue", { gap: number, number: a + 1 })} value={answer.value} number onChange={(value) => setAnswer({ ...answer, value })} errorOf={errorOf} />
              )}
              <KeyInput path={`${path}.answers.${a}.credit`} label={t("keyEditor.gapCredit", { gap: number, number: a + 1 })} value={answer.credit} number onChange={(credit) => setAnswer({ ...answer, credit })} errorOf={errorOf} />
            </>
          )}
        </RowList>
      )}
      {gap.kind === "choice" && (
        <RowList
          path={`${path}.choices`}
          legend={t("keyEditor.gapChoices", { number })}
          hint={t("keyEditor.gapChoicesHint")}
          rows={gap.choices}
          onChange={(choices) => set({ ...gap, choices })}
          newRow={() => blankTextAnswer(0)}
          min={L.minChoices}
          max={L.maxChoices}
          errorOf={errorOf}
          addLabel={t("keyEditor.addGapChoice", { number })}
          removeLabel={(n) => t("keyEditor.removeGapChoice", { gap: number, number: n })}
        >
          {(choice, c, setChoice) => (
            <>
              <KeyInput path={`${path}.choices.${c}`} label={t("keyEditor.gapChoice", { gap: number, number: c + 1 })} value={choice.text} maxLength={L.answerText} onChange={(text) => setChoice({ ...choice, text })} errorOf={errorOf} />
              <KeyInput path={`${path}.choices.${c}.credit`} label={t("keyEditor.choiceCredit", { gap: number, number: c + 1 })} value={choice.credit} number onChange={(credit) => setChoice({ ...choice, credit })} errorOf={errorOf} />
            </>
          )}
        </RowList>
      )}
      {gap.kind === "choice" && errorOf(`${path}.answers`) && <p className="ui-field__error">{errorOf(`${path}.answers`)}</p>}
    </div>
  );
}
