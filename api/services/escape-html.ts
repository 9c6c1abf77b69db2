/** Escapes text for an HTML e-mail body or attribute (names and links the user or the system supplies). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
