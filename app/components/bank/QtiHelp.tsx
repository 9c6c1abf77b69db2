import { useTranslation } from "react-i18next";
import { FormatHelp } from "./FormatHelp";

/** Each QTI interaction the import reads (api/services/exchange/qti, ADR 0084) and the question type it becomes. */
const QTI_FORMS = [
  ["choiceInteraction", "qti.formChoice"],
  ["textEntryInteraction", "qti.formTextEntry"],
  ["inlineChoiceInteraction", "qti.formInline"],
  ["gapMatchInteraction", "qti.formGapMatch"],
  ["extendedTextInteraction", "qti.formExtendedText"],
  ["matchInteraction", "qti.formMatch"],
  ["orderInteraction", "qti.formOrder"],
] as const;

/** The "IMS QTI (ZIP)" choice of the upload dialog: where the items go, what is read, what is skipped. */
export function QtiHelp({ category, course }: { category: string; course: string }) {
  const { t } = useTranslation("bank");
  return <FormatHelp lead={t("qti.lead", { category, course })} forms={QTI_FORMS.map(([interaction, key]) => [interaction, t(key)] as const)} notes={[t("qti.scoring"), t("qti.skipped")]} />;
}
