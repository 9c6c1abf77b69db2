import { useTranslation } from "react-i18next";
import { MARKING_LIMITS as L } from "../../../../api/services/marking/limits";
import type { MatchingDraft } from "../answer-key-draft";
import { type ErrorOf, KeyInput, RowList } from "./KeyFields";

/** decisions.md `matching`: pairs (each right pair earns its share) and extra wrong answers. */
export function MatchingForm({ draft, onChange, errorOf }: { draft: MatchingDraft; onChange: (draft: MatchingDraft) => void; errorOf: ErrorOf }) {
  const { t } = useTranslation("bank");
  return (
    <>
      <RowList
        path="answerKey.pairs"
        legend={t("keyEditor.pairs")}
        hint={t("keyEditor.pairsHint")}
        rows={draft.pairs}
        onChange={(pairs) => onChange({ ...draft, pairs })}
        newRow={() => ({ stem: "", choice: "" })}
        min={L.minPairs}
        max={L.maxPairs}
        errorOf={errorOf}
        addLabel={t("keyEditor.addPair")}
        removeLabel={(number) => t("keyEditor.removePair", { number })}
      >
        {(pair, index, set) => (
          <>
            <KeyInput path={`answerKey.pairs.${index}.stem`} label={t("keyEditor.stem", { number: index + 1 })} value={pair.stem} maxLength={L.itemText} onChange={(stem) => set({ ...pair, stem })} errorOf={errorOf} />
            <KeyInput path={`answerKey.pairs.${index}.choice`} label={t("keyEditor.match", { number: index + 1 })} value={pair.choice} maxLength={L.answerText} onChange={(choice) => set({ ...pair, choice })} errorOf={errorOf} />
          </>
        )}
      </RowList>
      <RowList
        path="answerKey.distractors"
        legend={t("keyEditor.distractors")}
        rows={draft.distractors}
        onChange={(distractors) => onChange({ ...draft, distractors })}
        newRow={() => ""}
        max={L.maxDistractors}
        errorOf={errorOf}
        addLabel={t("keyEditor.addDistractor")}
        removeLabel={(number) => t("keyEditor.removeDistractor", { number })}
      >
        {(text, index, set) => <KeyInput path={`answerKey.distractors.${index}`} label={t("keyEditor.distractor", { number: index + 1 })} value={text} maxLength={L.answerText} onChange={set} errorOf={errorOf} />}
      </RowList>
    </>
  );
}
