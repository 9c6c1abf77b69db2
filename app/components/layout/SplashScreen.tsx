import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Spec 9: the splash stays 3 seconds, and longer while something is still loading. */
export const SPLASH_MS = 3000;
/** Set once the splash has been shown in this tab; later full page loads skip the 3 s hold. */
export const SPLASH_SEEN_KEY = "quiz.splashSeen";
const FADE_MS = 300;

type Phase = "holding" | "waiting" | "fading" | "gone";

/**
 * The start-up splash (spec 2.3, 9). It is part of the server HTML so that it covers the
 * page from the first paint while the scripts start (no flash of content followed by a
 * splash), and it leaves once 3 s have passed and no navigation is loading. It never
 * blocks anyone without JavaScript: a <noscript> rule hides it, and a CSS fail-safe hides
 * it after 10 s should the scripts fail to load. Only the first load in a tab holds it
 * for 3 s; a later full reload (language switch) just waits for the app to start.
 */
export function SplashScreen({ holdMs = SPLASH_MS }: { holdMs?: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const [phase, setPhase] = useState<Phase>("holding");

  useEffect(() => {
    if (readSeen()) {
      setPhase("waiting");
      return;
    }
    const timer = setTimeout(() => setPhase("waiting"), holdMs);
    return () => clearTimeout(timer);
  }, [holdMs]);

  useEffect(() => {
    if (phase === "waiting" && idle) setPhase("fading");
    if (phase !== "fading") return;
    const timer = setTimeout(() => {
      writeSeen();
      setPhase("gone");
    }, FADE_MS);
    return () => clearTimeout(timer);
  }, [phase, idle]);

  if (phase === "gone") return null;
  return (
    <div className="shell-splash" data-phase={phase} data-testid="splash-screen" aria-hidden="true">
      <noscript>
        <style>{".shell-splash{display:none!important}"}</style>
      </noscript>
      <div className="shell-splash__logo">
        <span className="shell-splash__mark">Q</span>
        <span className="shell-splash__name">{t("app.name")}</span>
      </div>
      <div className="shell-splash__spinner" />
    </div>
  );
}

function readSeen(): boolean {
  try {
    return window.sessionStorage.getItem(SPLASH_SEEN_KEY) === "1";
  } catch {
    return false; // Storage blocked (privacy mode): show the splash every time.
  }
}

function writeSeen(): void {
  try {
    window.sessionStorage.setItem(SPLASH_SEEN_KEY, "1");
  } catch {
    // Nothing to remember it in; harmless.
  }
}
