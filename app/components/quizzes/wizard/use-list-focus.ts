import { useCallback, useEffect, useRef, useState } from "react";

const CONTROLS = "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])";
const firstControl = (element: Element | null | undefined) => (element?.matches(CONTROLS) ? (element as HTMLElement) : element?.querySelector<HTMLElement>(CONTROLS));

/**
 * Keyboard focus in a wizard list whose items are added and removed by buttons (the draws,
 * the classes, the chosen questions). A pressed Remove button leaves the page, and a pressed Add button may turn
 * disabled: focus left on either fell to the page's body, outside the dialog, and a keyboard
 * user started again from the top of the page. After an add, focus goes to the new item's first
 * control; after a remove, to the item that took its place (else the one before it), else to the
 * list's add control. After a move, to the moved item's control a caller names (its own "Move
 * down" after moving down), else the first of the others that is enabled: at the list's ends the
 * pressed button turns disabled, and focus on it fell to the body too. Items carry
 * `data-list-item`, the add control's box `data-list-add`.
 */
export function useListFocus<Group extends HTMLElement = HTMLFieldSetElement>() {
  const groupRef = useRef<Group>(null);
  const [wanted, setWanted] = useState<{ index: number; prefer: readonly string[] } | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    setWanted(null);
    const group = groupRef.current;
    const items = group?.querySelectorAll("[data-list-item]") ?? [];
    const item = items[Math.min(wanted.index, items.length - 1)];
    const preferred = wanted.prefer.map((selector) => item?.querySelector<HTMLElement>(`${selector}:not([disabled])`)).find(Boolean);
    (preferred ?? firstControl(item) ?? firstControl(group?.querySelector("[data-list-add]")))?.focus();
  }, [wanted]);
  /** Focus the item at this index once the list has drawn its change: the first of `prefer` (selectors) that is enabled, else its first control. */
  const focusItem = useCallback((index: number, prefer: readonly string[] = []) => setWanted({ index, prefer }), []);
  return { groupRef, focusItem };
}
