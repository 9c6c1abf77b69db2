import { useTranslation } from "react-i18next";

/**
 * The start-up splash (spec 2.3, 9): it shows while the client loads what a page needs before
 * it can be drawn, and never over a page the server has already drawn (ADR 0050). Pages here
 * are rendered on the server, so a first visit paints the real page at once; the splash is
 * the root's HydrateFallback, the one moment the client has nothing to show yet (a route that
 * must run a client loader before its first render). It leaves as soon as that is done: no
 * fixed hold. Hidden from assistive technology; the page's own landmarks follow it.
 */
export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <div className="shell-splash" data-testid="splash-screen" aria-hidden="true">
      <div className="shell-splash__logo">
        <span className="shell-splash__mark">Q</span>
        <span className="shell-splash__name">{t("app.name")}</span>
      </div>
      <div className="shell-splash__spinner" />
    </div>
  );
}
