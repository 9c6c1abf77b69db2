import { useEffect, useRef, useState } from "react";

const CONTROLS = "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])";
const firstControl = (element: Element | null | undefined) => (element?.matches(CONTROLS) ? (element as HTMLElement) : element?.querySelector<HTMLElement>(CONTROLS));

/**
 * Keyboard focus in a wizard list whose items are added and removed by buttons (the draws,
 * the classes, the chosen questions). A pressed Remove button leaves the page, and a pressed Add button may turn
 * disabled: focus left on either fell to the page's body, outside the dialog, and a keyboard
 * user started again from the top of the page. After an add, focus goes to the new item's first
 * control; after a remove, to the item that took its place (else the one before it), else to the
 * list's add control. Items carry `data-list-item`, the add control's box `data-list-add`.
 */
export function useListFocus<Group extends HTMLElement = HTMLFieldSetElement>() {
  const groupRef = useRef<Group>(null);
  const [wanted, setWanted] = useState<number | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    setWanted(null);
    const group = groupRef.current;
    const items = group?.querySelectorAll("[data-list-item]") ?? [];
    (firstControl(items[Math.min(wanted, items.length - 1)]) ?? firstControl(group?.querySelector("[data-list-add]")))?.focus();
  }, [wanted]);
  /** Focus the item at this index once the list has drawn its change. */
  return { groupRef, focusItem: setWanted };
}
