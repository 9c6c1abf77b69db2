import type { Language } from "../../../locales/languages";

/* How a certificate writes its numbers and dates: the PDF, the dialog and the public page alike. */

/** "85 %", "85%", "85,5 %"… as the language writes a percentage (two decimals at most). */
export function formatPercentage(percentage: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(percentage / 100);
}

/** A calendar date in words, as the language writes it ("23 November 2026", "2026年11月23日"). UTC: the server does not know the reader's zone. */
export function formatCertificateDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
