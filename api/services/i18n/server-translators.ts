import { createInstance, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, type Language } from "../../../locales/languages";

/**
 * Translators for texts the server writes itself (mail, PDF), one namespace's messages in
 * every language passed in: bundled by the caller's imports, as the UI's are, because the
 * Worker has no file system. English fills any gap; one i18next instance per language,
 * made on first use. The texts are plain (drawn into a PDF, or escaped by the mail's HTML
 * part), never parsed as HTML here, so i18next does not escape them.
 */
export function serverTranslators(namespace: string, messages: Record<Language, Record<string, unknown>>): (language: Language) => TFunction {
  const resources = Object.fromEntries(Object.entries(messages).map(([language, namespaceMessages]) => [language, { [namespace]: namespaceMessages }]));
  const translators = new Map<Language, TFunction>();
  return (language) => {
    let t = translators.get(language);
    if (!t) {
      const instance = createInstance();
      instance.init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        ns: [namespace],
        defaultNS: namespace,
        resources,
        initAsync: false,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
      t = instance.t;
      translators.set(language, t);
    }
    return t;
  };
}
