import { type RefObject, useEffect } from "react";

/**
 * A list whose last column stays in view while the others scroll sideways (the quiz pools'
 * actions, app/styles/quizzes.css) would otherwise scroll a focused or scrolled-to cell
 * under that column (issue 18 point 5, docs/decisions/0049). The wrapper's
 * `scroll-padding-inline-end` set to the sticky column's width keeps every cell that is
 * scrolled into view (keyboard focus, a click's scrollIntoView) clear of it. The width
 * depends on the language and the screen, so it is measured, and followed on resize.
 */
export function useStickyEndPadding(wrapRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const wrap = wrapRef.current;
    const last = wrap?.querySelector<HTMLElement>("thead th:last-child");
    if (!wrap || !last || typeof ResizeObserver === "undefined") return;
    const update = () => {
      const sticky = getComputedStyle(last).position === "sticky";
      wrap.style.scrollPaddingInlineEnd = sticky ? `${Math.ceil(last.getBoundingClientRect().width)}px` : "";
    };
    const observer = new ResizeObserver(update);
    observer.observe(last);
    observer.observe(wrap);
    update();
    return () => observer.disconnect();
  }, [wrapRef]);
}
