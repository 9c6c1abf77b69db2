/**
 * Short-answer matching (Moodle's shortanswer rules, docs/decisions/0065): `*` in an accepted
 * answer stands for any run of characters, none included; `\*` is a real asterisk; surrounding
 * and repeated spaces are ignored on both sides; letter case counts only when the author says
 * so. Text is compared in Unicode's composed form (NFC), so "é" typed as e + accent matches.
 *
 * No regular expression is built from the author's text: the pattern is split into the
 * literal parts between its wildcards and those are looked for left to right, which never
 * backtracks (a pattern of many `*` against a long answer costs answer × pattern at most).
 */

/** Trimmed, each run of white space one space, composed; folded to lower case unless case counts. */
export function normaliseTyped(text: string, caseSensitive: boolean): string {
  const spaced = text.normalize("NFC").trim().replace(/\s+/g, " ");
  return caseSensitive ? spaced : spaced.toLowerCase();
}

/** The literal parts of a pattern: between two parts lies one wildcard (a run of `*` is one). */
export function literalParts(pattern: string): string[] {
  const parts: string[] = [];
  let current = "";
  let afterWildcard = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\" && pattern[i + 1] === "*") {
      current += "*";
      i++;
      afterWildcard = false;
    } else if (char === "*") {
      if (!afterWildcard) parts.push(current);
      current = "";
      afterWildcard = true;
    } else {
      current += char;
      afterWildcard = false;
    }
  }
  parts.push(current);
  return parts;
}

/** Whether the typed text matches the accepted answer (both as written; they are normalised here). */
export function matchesAnswer(typed: string, accepted: string, caseSensitive: boolean): boolean {
  const text = normaliseTyped(typed, caseSensitive);
  // The pattern is normalised as a whole, so a space next to a wildcard counts as typed ("new *").
  const parts = literalParts(normaliseTyped(accepted, caseSensitive));
  if (parts.length === 1) return text === parts[0];
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  // The middle parts in order, each as early as it can be: the earliest place never loses a match.
  let from = first.length;
  const end = text.length - last.length;
  for (const part of parts.slice(1, -1)) {
    const at = text.indexOf(part, from);
    if (at < 0 || at + part.length > end) return false;
    from = at + part.length;
  }
  return true;
}
