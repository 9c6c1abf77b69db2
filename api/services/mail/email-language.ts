import de from "../../../locales/de/mail.json" with { type: "json" };
import en from "../../../locales/en/mail.json" with { type: "json" };
import es from "../../../locales/es/mail.json" with { type: "json" };
import fr from "../../../locales/fr/mail.json" with { type: "json" };
import ja from "../../../locales/ja/mail.json" with { type: "json" };
import zh from "../../../locales/zh/mail.json" with { type: "json" };
import { serverTranslators } from "../i18n/server-translators";

/**
 * The words the server adds around a teacher's message (greeting, footer), from
 * locales/<lang>/mail.json `email.*`, in the language of the page the teacher sent from:
 * accounts keep no language, and a school's teachers and students mostly share one.
 */
export const emailTranslator = serverTranslators("mail", { en, de, es, fr, ja, zh });
