import de from "../../../locales/de/imports.json";
import en from "../../../locales/en/imports.json";
import es from "../../../locales/es/imports.json";
import fr from "../../../locales/fr/imports.json";
import ja from "../../../locales/ja/imports.json";
import zh from "../../../locales/zh/imports.json";
import { serverTranslators } from "../i18n/server-translators";
export { describeProblems } from "./describe-problems";

/** The import summary's texts in one language (locales/<lang>/imports.json); English fills any gap. */
export const importTranslator = serverTranslators("imports", { en, de, es, fr, ja, zh });
