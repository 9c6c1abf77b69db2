// The languages live next to their message files, so the API (e-mails) and the UI share them.
export * from "../../locales/languages";
