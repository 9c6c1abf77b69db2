/**
 * Where the floating back-to-top button would sit would cover a control (issue 18 point 5,
 * docs/decisions/0049): then it stays hidden, so it never takes a click meant for a button,
 * link or field under it (the exam's Finish on a phone, a bottom action bar, the footer's
 * links). Plain DOM, so the rule can be checked at any scroll position.
 */

/** What a person clicks or types into: the button must never sit over one of these. */
const CONTROL = "a[href], button, input:not([type=hidden]), select, textarea, summary, label, [role=button], [role=link], [role=checkbox], [role=radio], [tabindex]:not([tabindex='-1'])";

/** The button's box in the window, from the CSS custom properties that place it (shell.css). */
export function scrollTopBox(root: HTMLElement = document.documentElement): DOMRect {
  const style = getComputedStyle(root);
  const rem = parseFloat(style.fontSize) || 16;
  const length = (name: string, fallback: number) => (parseFloat(style.getPropertyValue(name)) || fallback) * rem;
  const size = length("--shell-scroll-top-size", 2.75);
  const offset = length("--shell-scroll-top-offset", 1.25);
  return new DOMRect(window.innerWidth - offset - size, window.innerHeight - offset - size, size, size);
}

/**
 * True when a control lies under any of the box's corners or its centre. The button itself
 * (`self`) is skipped, so the answer is the same whether it is showing or not.
 */
export function coversControl(box: DOMRect, self: Element | null): boolean {
  const inset = 2;
  const points: [number, number][] = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  return points.some(([x, y]) => {
    const under = document.elementsFromPoint(x, y).find((element) => !self || !self.contains(element));
    return under?.closest(CONTROL) != null;
  });
}
