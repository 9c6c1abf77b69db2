import { useTranslation } from "react-i18next";
import type { AnswerPart } from "../../../../api/services/attempts/answer-view";
import { useMathsSay } from "../../maths/use-maths-say";
import { Select } from "../../ui/Select";
import { partOptions } from "./part-options";

/**
 * A dropdown gap whose choices have formulas, inside the sentence: react-aria's Select (opened
 * with Enter, Space or Alt+↓, chosen with the arrows and Enter, typeahead by the choices'
 * words), named "Gap n"; its button says the chosen choice after the gap's name. Each choice
 * draws its MathML and is named by its words (react-aria names no option from MathML).
 */
export default function ClozeChoiceList({ choices, label, value, disabled, onChoose }: { choices: readonly AnswerPart[]; label: string; value: string; disabled: boolean; onChoose: (id: string) => void }) {
  const { t } = useTranslation("exam");
  const say = useMathsSay();
  return (
    <Select
      className="exam-cloze__list"
      aria-label={label}
      placeholder={t("types.cloze.choose")}
      options={partOptions(choices, say)}
      selectedKey={value === "" ? null : value}
      isDisabled={disabled}
      onSelectionChange={(key) => key !== null && onChoose(String(key))}
    />
  );
}
