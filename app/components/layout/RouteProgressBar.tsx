import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

type Phase = "idle" | "running" | "done";

/** Quick navigations finish before the bar would show, so it never flickers. */
const SHOW_DELAY_MS = 120;
const FADE_MS = 400;

/**
 * A thin bar at the top of the viewport that animates while React Router loads the next
 * page or submits a form (spec 2.3). Purely visual: the page itself announces busy states.
 */
export function RouteProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), SHOW_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "done" : "idle"));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div className="shell-progress" data-phase={phase} aria-hidden="true">
      <div className="shell-progress__bar" />
    </div>
  );
}
