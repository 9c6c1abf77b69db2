/** Spec 9: e-mail addresses are displayed truncated at 20 characters. */
export const EMAIL_DISPLAY_LENGTH = 20;

/**
 * The first `max` characters of an e-mail address plus an ellipsis when it is longer
 * (spec 2.3, user panel). Counts code points, so an emoji or CJK character is never split.
 */
export function truncateEmail(email: string, max: number = EMAIL_DISPLAY_LENGTH): string {
  const characters = Array.from(email);
  if (characters.length <= max) return email;
  return `${characters.slice(0, max).join("")}...`;
}
