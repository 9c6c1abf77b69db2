import { useTranslation } from "react-i18next";
import { FormatHelp } from "./FormatHelp";

/** Each Moodle question type the import reads (api/services/exchange/moodlexml, ADR 0083), by Moodle's name. */
const MOODLE_TYPES = ["multichoice", "truefalse", "shortanswer", "numerical", "matching", "ordering", "cloze", "essay"] as const;

/** The "Moodle XML" choice of the upload dialog: where the questions go, what is read, and what is not. */
export function MoodleXmlHelp({ category, course }: { category: string; course: string }) {
  const { t } = useTranslation("bank");
  return (
    <FormatHelp
      lead={t("moodleXml.lead", { category, course })}
      forms={MOODLE_TYPES.map((name) => [name, t(`moodleXml.types.${name}`)] as const)}
      notes={[t("moodleXml.images"), t("moodleXml.other")]}
    />
  );
}
