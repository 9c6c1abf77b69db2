import { createInstance, type TFunction } from "i18next";
import de from "../../../locales/de/results.json";
import en from "../../../locales/en/results.json";
import es from "../../../locales/es/results.json";
import fr from "../../../locales/fr/results.json";
import ja from "../../../locales/ja/results.json";
import zh from "../../../locales/zh/results.json";
import { DEFAULT_LANGUAGE, type Language } from "../../../locales/languages";

// Bundled, as the UI's messages are: the Worker has no file system.
const resources = { en: { results: en }, de: { results: de }, es: { results: es }, fr: { results: fr }, ja: { results: ja }, zh: { results: zh } };
const translators = new Map<Language, TFunction>();

/** The certificate's texts in one language (locales/<lang>/results.json `certificate.pdf`); English fills any gap. */
export function certificateTranslator(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const instance = createInstance();
    instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ["results"],
      defaultNS: "results",
      resources,
      initAsync: false,
      // Drawn as text into the PDF, never parsed as HTML.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    t = instance.t;
    translators.set(language, t);
  }
  return t;
}
