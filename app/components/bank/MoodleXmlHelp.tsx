import { useTranslation } from "react-i18next";

/** Each Moodle question type the import reads (api/services/exchange/moodlexml, ADR 0083), by Moodle's name. */
const MOODLE_TYPES = [
  ["multichoice", "multichoice"],
  ["truefalse", "truefalse"],
  ["shortanswer", "shortanswer"],
  ["numerical", "numerical"],
  ["matching", "matching"],
  ["ordering", "ordering"],
  ["cloze", "cloze"],
  ["essay", "essay"],
] as const;

/** The "Moodle XML" choice of the upload dialog: where the questions go, what is read, and what is not. */
export function MoodleXmlHelp({ category, course }: { category: string; course: string }) {
  const { t } = useTranslation("bank");
  return (
    <div className="bank-upload__help">
      <p>{t("moodleXml.lead", { category, course })}</p>
      <ul>
        {MOODLE_TYPES.map(([name, key]) => (
          <li key={key}>
            <code>{name}</code> — {t(`moodleXml.types.${key}`)}
          </li>
        ))}
      </ul>
      <p>{t("moodleXml.images")}</p>
      <p>{t("moodleXml.other")}</p>
    </div>
  );
}
