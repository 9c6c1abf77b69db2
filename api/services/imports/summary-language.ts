import de from "../../../locales/de/imports.json";
import en from "../../../locales/en/imports.json";
import es from "../../../locales/es/imports.json";
import fr from "../../../locales/fr/imports.json";
import ja from "../../../locales/ja/imports.json";
import zh from "../../../locales/zh/imports.json";
import type { TFunction } from "i18next";
import { serverTranslators } from "../i18n/server-translators";
import type { RowProblem } from "./reasons";

/** The import summary's texts in one language (locales/<lang>/imports.json); English fills any gap. */
export const importTranslator = serverTranslators("imports", { en, de, es, fr, ja, zh });

/** One rejected row's reasons as a sentence: each rule's message, with the CSV column it concerns. */
export function describeProblems(t: TFunction, problems: RowProblem[]): string {
  return problems
    .map(({ code, values, column }) => {
      const reason = t(`reasons.${code}`, values ?? {});
      return column === undefined ? reason : t("inColumn", { reason, column });
    })
    .join(t("separator"));
}
