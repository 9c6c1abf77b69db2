import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { ArrowUpIcon } from "./icons";
import { coversControl, scrollTopBox } from "./scroll-top-clearance";

/** Spec 9: the button appears after 300 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 300;

/**
 * Back to the top of the page (spec 2.3). Focus moves to the main content, because the
 * button itself disappears once the page is back at the top.
 *
 * It never covers a control (issue 18 point 5, docs/decisions/0049): the footer keeps a
 * strip free for it at the end of every page (shell.css), and wherever a button, link or
 * field would still lie under it (the exam's Finish on a phone, a bottom action bar) it
 * stays hidden until the page scrolls on.
 */
export function ScrollToTop({ threshold = SCROLL_TOP_THRESHOLD, focusTargetId = "main-content" }: { threshold?: number; focusTargetId?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > threshold && !coversControl(scrollTopBox(), buttonRef.current));
    };
    // One check per frame however many scroll events arrive (the check reads layout).
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);

  if (!visible) return null;
  return (
    <Button
      ref={buttonRef}
      className="shell-scroll-top"
      aria-label={t("actions.scrollTop")}
      onPress={() => {
        const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
        document.getElementById(focusTargetId)?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </Button>
  );
}
