import { createInstance, type TFunction } from "i18next";
import de from "../../../locales/de/imports.json";
import en from "../../../locales/en/imports.json";
import es from "../../../locales/es/imports.json";
import fr from "../../../locales/fr/imports.json";
import ja from "../../../locales/ja/imports.json";
import zh from "../../../locales/zh/imports.json";
import { DEFAULT_LANGUAGE, type Language } from "../../../locales/languages";
import type { RowProblem } from "./reasons";

// Bundled, as the UI's messages are: the Worker has no file system.
const resources = { en: { imports: en }, de: { imports: de }, es: { imports: es }, fr: { imports: fr }, ja: { imports: ja }, zh: { imports: zh } };
const translators = new Map<Language, TFunction>();

/** The import summary's texts in one language (locales/<lang>/imports.json); English fills any gap. */
export function importTranslator(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const instance = createInstance();
    instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ["imports"],
      defaultNS: "imports",
      resources,
      initAsync: false,
      // Plain text: the HTML part of the e-mail escapes every line itself.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    t = instance.t;
    translators.set(language, t);
  }
  return t;
}

/** One rejected row's reasons as a sentence: each rule's message, with the CSV column it concerns. */
export function describeProblems(t: TFunction, problems: RowProblem[]): string {
  return problems
    .map(({ code, values, column }) => {
      const reason = t(`reasons.${code}`, values ?? {});
      return column === undefined ? reason : t("inColumn", { reason, column });
    })
    .join(t("separator"));
}
