import { useEffect, useState } from "react";

/**
 * The rows ticked on one view of a list (quiz, search, sort, page). Kept outside React too,
 * keyed by that view, so that a dialog route which shows the same list behind it (and so
 * mounts it anew) finds the selection as it was; a new search, sort or page starts empty.
 * A refresh of the rows keeps it; ids no longer on the page drop out.
 */
const remembered = new Map<string, number[]>();

/** What a list with ticked rows reads and does (the results' bulk status, the bank's "Export selected"). */
export type RowSelection = ReturnType<typeof useRowSelection>;

export function useRowSelection(view: string, selectable: readonly number[]) {
  const [state, setState] = useState(() => ({ view, ids: new Set(remembered.get(view) ?? []) }));
  const ids = state.view === view ? state.ids : new Set<number>();
  const onPage = new Set(selectable);
  const selected = [...ids].filter((id) => onPage.has(id));

  useEffect(() => {
    remembered.clear();
    if (selected.length) remembered.set(view, selected);
  });

  const set = (next: Set<number>) => setState({ view, ids: next });
  return {
    selected,
    isSelected: (id: number) => ids.has(id) && onPage.has(id),
    toggle: (id: number, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      set(next);
    },
    /** Every selectable row of the page, or none. */
    toggleAll: (on: boolean) => set(new Set(on ? selectable : [])),
    clear: () => set(new Set()),
    allSelected: selectable.length > 0 && selected.length === selectable.length,
    someSelected: selected.length > 0 && selected.length < selectable.length,
  };
}
