import { useTranslation } from "react-i18next";
import { RichTextField } from "./RichTextField";

/** The answer explanation (spec 5), submitted as `answerExplaination`. */
export function ExplanationField({ initial, error }: { initial: string; error?: string }) {
  const { t } = useTranslation("bank");
  return <RichTextField id="explanation" name="answerExplaination" label={t("editor.explanation")} hint={t("editor.explanationHint")} initial={initial} error={error} />;
}
