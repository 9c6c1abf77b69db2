import de from "../../../locales/de/results.json";
import en from "../../../locales/en/results.json";
import es from "../../../locales/es/results.json";
import fr from "../../../locales/fr/results.json";
import ja from "../../../locales/ja/results.json";
import zh from "../../../locales/zh/results.json";
import { serverTranslators } from "../i18n/server-translators";

/** The certificate's texts in one language (locales/<lang>/results.json `certificate.pdf`); English fills any gap. */
export const certificateTranslator = serverTranslators("results", { en, de, es, fr, ja, zh });
