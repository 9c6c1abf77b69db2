import { useTranslation } from "react-i18next";
import { RichTextField } from "./RichTextField";

/** The answer explanation (spec 5), submitted as `answerExplaination`; its error comes from the editor's Form. */
export function ExplanationField({ initial }: { initial: string }) {
  const { t } = useTranslation("bank");
  return <RichTextField id="explanation" name="answerExplaination" label={t("editor.explanation")} hint={t("editor.explanationHint")} initial={initial} />;
}
