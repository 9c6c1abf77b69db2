import { useTranslation } from "react-i18next";
import { MARKING_LIMITS as L } from "../../../../api/services/marking/limits";
import { blankTextAnswer, type ShortAnswerDraft } from "../answer-key-draft";
import { type ErrorOf, KeyCheckbox, KeyInput, RowList } from "./KeyFields";

/** decisions.md `shortAnswer`: accepted answers with their credit (the first that matches counts), and the case rule. */
export function ShortAnswerForm({ draft, onChange, errorOf }: { draft: ShortAnswerDraft; onChange: (draft: ShortAnswerDraft) => void; errorOf: ErrorOf }) {
  const { t } = useTranslation("bank");
  return (
    <>
      <RowList
        path="answerKey.answers"
        legend={t("keyEditor.answers")}
        hint={t("keyEditor.answersHint")}
        rows={draft.answers}
        onChange={(answers) => onChange({ ...draft, answers })}
        newRow={() => blankTextAnswer(0)}
        min={1}
        max={L.maxAnswers}
        errorOf={errorOf}
        addLabel={t("keyEditor.addAnswer")}
        removeLabel={(number) => t("keyEditor.removeAnswer", { number })}
      >
        {(answer, index, set) => (
          <>
            <KeyInput path={`answerKey.answers.${index}.text`} label={t("keyEditor.answer", { number: index + 1 })} value={answer.text} maxLength={L.answerText} onChange={(text) => set({ ...answer, text })} errorOf={errorOf} />
            <KeyInput path={`answerKey.answers.${index}.credit`} label={t("keyEditor.credit", { number: index + 1 })} value={answer.credit} number onChange={(credit) => set({ ...answer, credit })} errorOf={errorOf} />
          </>
        )}
      </RowList>
      <KeyCheckbox path="answerKey.caseSensitive" label={t("keyEditor.caseSensitive")} checked={draft.caseSensitive} onChange={(caseSensitive) => onChange({ ...draft, caseSensitive })} />
    </>
  );
}
