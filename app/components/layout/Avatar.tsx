/** First letter of a name, upper-cased (a whole code point, never half an emoji). */
export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? "?";
}

/** Only http(s) and same-origin pictures are shown; anything else falls back to the initial. */
function isDisplayablePicture(pic: string | null | undefined): pic is string {
  return Boolean(pic && (/^https?:\/\//i.test(pic) || pic.startsWith("/")));
}

/**
 * The user's picture, or their first initial on a coloured disc. Decorative: the name is
 * always written next to it.
 */
export function Avatar({ name, pic, size = "md" }: { name: string; pic?: string | null; size?: "md" | "lg" }) {
  return (
    <span className={`shell-avatar shell-avatar--${size}`} aria-hidden="true">
      {isDisplayablePicture(pic) ? <img src={pic} alt="" /> : initialOf(name)}
    </span>
  );
}
