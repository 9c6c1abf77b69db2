import de from "../../../locales/de/lti.json" with { type: "json" };
import en from "../../../locales/en/lti.json" with { type: "json" };
import es from "../../../locales/es/lti.json" with { type: "json" };
import fr from "../../../locales/fr/lti.json" with { type: "json" };
import ja from "../../../locales/ja/lti.json" with { type: "json" };
import zh from "../../../locales/zh/lti.json" with { type: "json" };
import { serverTranslators } from "../i18n/server-translators";

/** The LTI words the server writes itself (the roster's reminder e-mail), from locales/<lang>/lti.json. */
export const ltiTranslator = serverTranslators("lti", { en, de, es, fr, ja, zh });
