import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { ArrowUpIcon } from "./icons";

/** Spec 9: the button appears after 300 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 300;

/**
 * Back to the top of the page (spec 2.3). Focus moves to the main content, because the
 * button itself disappears once the page is back at the top.
 */
export function ScrollToTop({ threshold = SCROLL_TOP_THRESHOLD, focusTargetId = "main-content" }: { threshold?: number; focusTargetId?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);

  if (!visible) return null;
  return (
    <Button
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
