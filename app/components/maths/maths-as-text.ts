const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * A text with formulas as plain words: what its rendered HTML shows, without the TeX source the
 * annotation keeps (`x = 3` for `\(x = 3\)`). For the places that take text only: a list
 * option's accessible name and typeahead, where react-aria does not name an option from MathML.
 */
export function mathsAsText(html: string): string {
  return html
    .replace(/<annotation[^>]*>[^<]*<\/annotation>/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);|&#(\d{1,7});|&#x([0-9a-fA-F]{1,6});/g, (whole, name?: string, decimal?: string, hex?: string) => {
      if (name) return ENTITIES[name];
      const code = decimal ? Number(decimal) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .trim();
}
