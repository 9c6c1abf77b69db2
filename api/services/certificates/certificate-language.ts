import de from "../../../locales/de/results.json" with { type: "json" };
import en from "../../../locales/en/results.json" with { type: "json" };
import es from "../../../locales/es/results.json" with { type: "json" };
import fr from "../../../locales/fr/results.json" with { type: "json" };
import ja from "../../../locales/ja/results.json" with { type: "json" };
import zh from "../../../locales/zh/results.json" with { type: "json" };
import { serverTranslators } from "../i18n/server-translators";

/** The certificate's texts in one language (locales/<lang>/results.json `certificate.pdf`); English fills any gap. */
export const certificateTranslator = serverTranslators("results", { en, de, es, fr, ja, zh });
