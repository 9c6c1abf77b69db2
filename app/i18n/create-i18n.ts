import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { NAMESPACES, resources } from "./resources";

/** A synchronously initialised i18next instance (one per request on the server). */
export function createI18n(language: Language): i18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });
  return instance;
}
