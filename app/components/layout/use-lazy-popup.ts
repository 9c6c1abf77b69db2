import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";

/**
 * The popup of a header button (the language menu, the quick panel), loaded only when it is
 * about to be used: `preload` on hover or focus of the button, and at the latest when `isOpen`
 * turns true. The button itself, its state and its ARIA wiring are in the page from the start,
 * so it can be reached, announced and pressed at once. Why: the popup's code (react-aria's
 * Menu, Popover, collections and selection, ~25 KB gzipped) was in every page's scripts,
 * the exam page's too (docs/performance.md "Exam page weight").
 * If the chunk cannot be loaded (offline), `onFailure` runs (close the popup: nothing to show)
 * and the next hover or press tries again.
 */
export function useLazyPopup<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: boolean,
  onFailure: () => void,
): { Popup: ComponentType<P> | null; preload: () => void } {
  const [Popup, setPopup] = useState<ComponentType<P> | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const onFailureRef = useRef(onFailure);
  useEffect(() => {
    onFailureRef.current = onFailure;
  });

  const preload = useCallback(() => {
    loading.current ??= load().then(
      (component) => setPopup(() => component),
      () => {
        loading.current = null;
        onFailureRef.current();
      },
    );
  }, [load]);

  useEffect(() => {
    if (isOpen) preload();
  }, [isOpen, preload]);

  return { Popup, preload };
}
