import de from "../../../locales/de/stats.json";
import en from "../../../locales/en/stats.json";
import es from "../../../locales/es/stats.json";
import fr from "../../../locales/fr/stats.json";
import ja from "../../../locales/ja/stats.json";
import zh from "../../../locales/zh/stats.json";
import { serverTranslators } from "../../../api/services/i18n/server-translators";

/** The stats texts the server writes itself (a revoked certificate's plain-text answer), in every language. */
export const statsTranslator = serverTranslators("stats", { en, de, es, fr, ja, zh });
