import { useTranslation } from "react-i18next";
import type { AnswerPart } from "../../../../api/services/attempts/answer-view";
import { useMathsSay } from "../../maths/use-maths-say";
import { Select } from "../../ui/Select";
import { partOptions } from "./part-options";

/** The "No choice" item's key: a part id is a hashed word without spaces, so it never collides. */
const NO_CHOICE = " none";

/**
 * A dropdown gap whose choices have formulas, inside the sentence: react-aria's Select (opened
 * with Enter, Space or Alt+↓, chosen with the arrows and Enter, typeahead by the choices'
 * words), named "Gap n"; its button says the chosen choice after the gap's name. Each choice
 * draws its MathML and is named by its words (react-aria names no option from MathML). A first
 * item, "No choice", takes a chosen formula back (react-aria's Select has no way to clear
 * itself), as the native select's empty option does: by keyboard, touch and screen reader alike.
 */
export default function ClozeChoiceList({ choices, label, value, disabled, onChoose }: { choices: readonly AnswerPart[]; label: string; value: string; disabled: boolean; onChoose: (id: string) => void }) {
  const { t } = useTranslation("exam");
  const say = useMathsSay();
  return (
    <Select
      className="exam-cloze__list"
      aria-label={label}
      placeholder={t("types.cloze.choose")}
      options={[{ id: NO_CHOICE, label: t("types.cloze.noChoice") }, ...partOptions(choices, say)]}
      selectedKey={value === "" ? null : value}
      isDisabled={disabled}
      onSelectionChange={(key) => key !== null && onChoose(key === NO_CHOICE ? "" : String(key))}
    />
  );
}
