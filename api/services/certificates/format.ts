import type { Language } from "../../../locales/languages";
import { formatDate } from "../core/dates";

/* How a certificate writes its numbers and dates: the PDF, the dialog and the public page alike. */

/** "85 %", "85%", "85,5 %"… as the language writes a percentage (two decimals at most). */
export function formatPercentage(percentage: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(percentage / 100);
}

/**
 * A calendar date in words, as the language writes it, its zone named ("23 November 2026
 * (UTC)", "2026年11月23日 (JST)"): the page's zone (ADR 0062), the school's on the PDF (ADR 0082, UTC before it has one),
 * which is one file for every reader.
 */
export function formatCertificateDate(date: Date, language: Language, timeZone: string): string {
  return formatDate(date.getTime(), language, timeZone, "long");
}
