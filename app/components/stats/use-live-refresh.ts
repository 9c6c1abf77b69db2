import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
/**
 * The page's loaders run again every `everyMs` (null: never): a revalidation, not a navigation, so the rows update in place (same keys,
 * same DOM nodes) and the keyboard focus, the row selection and the scroll stay where they
 * are. Paused while the tab is hidden (no work for nobody), with one refresh at once when it
 * comes back; skipped while a navigation or a form is under way.
 */
export function useLiveRefresh(everyMs: number | null, busy: boolean): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef({ revalidator, busy: true });
  state.current = { revalidator, busy: busy || navigation.state !== "idle" || revalidator.state !== "idle" };

  useEffect(() => {
    if (everyMs === null) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const refresh = () => {
      if (document.visibilityState === "visible" && !state.current.busy) void state.current.revalidator.revalidate();
    };
    const follow = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState !== "visible") return;
      timer = setInterval(refresh, everyMs);
    };
    const onVisibility = () => {
      refresh();
      follow();
    };
    follow();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [everyMs]);
}
