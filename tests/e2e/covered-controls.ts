import type { Page } from "@playwright/test";

/**
 * What a person clicks: every button, link, form field and table header. Issue 18 point 5
 * (docs/decisions/0049): none of them may sit under another element at its click point.
 */
export const CLICKABLE = "button, a[href], input:not([type=hidden]), select, textarea, th, [role=button], [role=link], summary";

/**
 * Every visible control of the page whose click point (the centre of its first box, after scrolling it into
 * view as a click would) hits another element, as "control ← what covers it" lines; empty
 * when nothing is covered. Runs in the page: one round trip per page and width.
 */
export async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const describe = (element: Element) => {
      const tag = element.tagName.toLowerCase();
      const name = (element.getAttribute("aria-label") ?? (element as HTMLElement).innerText ?? element.getAttribute("placeholder") ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const classes = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
      return `${tag}${classes}${name ? ` "${name}"` : ""}`;
    };
    // A native input drawn by its label (react-aria's radios and checkboxes hide the input
    // itself): a click on the label is a click on the input, so the label may "cover" it.
    const actsFor = (hit: Element, control: Element) => {
      const label = control.closest("label") ?? (control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null);
      return label !== null && (label === hit || label.contains(hit));
    };
    /** What lies at the control's click point once scrolled into view as a click would; null when the control itself (or its label). */
    const coverOf = async (control: Element) => {
      const scrollX = window.scrollX;
      const scrollY = window.scrollY;
      (control as HTMLElement & { scrollIntoViewIfNeeded?: (center?: boolean) => void }).scrollIntoViewIfNeeded?.(true);
      // A scroll shows or hides floating things (the back-to-top button): let them render.
      if (window.scrollX !== scrollX || window.scrollY !== scrollY) await nextFrame();
      // Where a click lands: the centre of the first box (a link that wraps has one per line).
      const rect = control.getClientRects()[0] ?? control.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      // Still outside the window: an off-screen skip link until focused, not a covered control.
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return null;
      const hit = document.elementFromPoint(x, y);
      return hit === null || hit === control || control.contains(hit) || actsFor(hit, control) ? null : hit;
    };
    const covered: string[] = [];
    for (const control of Array.from(document.querySelectorAll(selector))) {
      const box = control.getBoundingClientRect();
      // Not drawn (display none, closed details, visually hidden 1 px inputs and skip links).
      if (box.width <= 1 || box.height <= 1 || !control.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      if (control.closest("[inert], [aria-hidden=true]")) continue;
      let cover = await coverOf(control);
      if (cover !== null) {
        // Controls are visited in page order, so one may sit under a floating button only at the
        // scroll position the previous one left; a person would scroll on. Covered even when
        // scrolled to from the top (centred in the window, or as far as the page goes) is covered.
        window.scrollTo(0, 0);
        await nextFrame();
        cover = await coverOf(control);
      }
      if (cover !== null) covered.push(`${describe(control)} ← ${describe(cover)}`);
    }
    return covered;
  }, CLICKABLE);
}
