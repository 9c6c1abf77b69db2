import de from "../../../locales/de/imports.json" with { type: "json" };
import en from "../../../locales/en/imports.json" with { type: "json" };
import es from "../../../locales/es/imports.json" with { type: "json" };
import fr from "../../../locales/fr/imports.json" with { type: "json" };
import ja from "../../../locales/ja/imports.json" with { type: "json" };
import zh from "../../../locales/zh/imports.json" with { type: "json" };
import { serverTranslators } from "../i18n/server-translators";
export { describeProblems } from "./describe-problems";

/** The import summary's texts in one language (locales/<lang>/imports.json); English fills any gap. */
export const importTranslator = serverTranslators("imports", { en, de, es, fr, ja, zh });
