/**
 * A date and time in the interface language. Always in UTC, labelled as such: the server
 * and the browser must render the same text (hydration), and they may sit in different
 * time zones.
 */
export function formatDateTime(epochMs: number, language: string): string {
  const text = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(epochMs),
  );
  return `${text} UTC`;
}

/** A date alone (UTC, as formatDateTime, so server and browser agree), for dense tables. */
export function formatDate(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(epochMs));
}
