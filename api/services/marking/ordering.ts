import { z } from "@hono/zod-openapi";
import { answerObject, answerParts, boundedList, keyObject, keyText, opaqueId, said } from "./fields";
import { MARKING_LIMITS as L } from "./limits";

export const ORDERING_GRADINGS = ["allOrNothing", "relativeToNext"] as const;

/** decisions.md: `ordering { items (in the right order), grading: "allOrNothing" | "relativeToNext" }`. */
export const OrderingKey = keyObject({
  items: boundedList(keyText(L.itemText), L.minItems, L.maxItems, said("ANSWER_KEY_ITEMS_COUNT", { min: L.minItems, max: L.maxItems })).refine(
    (items) => new Set(items).size === items.length,
    said("ANSWER_KEY_ITEMS_REPEATED"),
  ),
  grading: z.enum(ORDERING_GRADINGS, { error: said("ANSWER_KEY_ORDERING_GRADING") }).default("allOrNothing"),
});
export type OrderingKey = z.output<typeof OrderingKey>;

/** decisions.md: `{ order: [itemId, …] }`, each item at most once. */
export const OrderingAnswer = answerObject({
  order: answerParts(opaqueId, L.maxItems).refine((order) => new Set(order).size === order.length, said("STUDENT_ANSWER_PART_REPEATED")),
});
export type OrderingAnswer = z.output<typeof OrderingAnswer>;

/** The attempt's ids: `itemIds[i]` names `items[i]` (the attempt shuffles the items and hides their order). */
export interface OrderingIds {
  itemIds: readonly string[];
}

export function positionalOrderingIds(key: OrderingKey): OrderingIds {
  return { itemIds: key.items.map((_, i) => String(i)) };
}

/**
 * `allOrNothing`: 1 only when every item is placed, in the right order. `relativeToNext`
 * (Moodle's "relative to the next item, excluding the last"): of the n − 1 places where one
 * item follows another in the key, the share the student's order keeps (an item placed right
 * after its predecessor). Ids the attempt did not give are skipped, never counted, and an id
 * repeated counts at its first place only.
 */
export function markOrdering(key: OrderingKey, answer: OrderingAnswer, ids: OrderingIds = positionalOrderingIds(key)): number {
  // Each known id once, at its first place (the schema refuses repeats; the grader does not rely on it).
  // Plain loops over at most 20 items: the Map, Set and arrays this built were most of marking an ordering.
  // An id names the last place it has in itemIds (as a Map of them did); a place taken once is that id seen before.
  const placed: number[] = [];
  const taken = new Uint8Array(ids.itemIds.length);
  for (const id of answer.order) {
    const position = ids.itemIds.lastIndexOf(id);
    if (position < 0 || taken[position]) continue;
    taken[position] = 1;
    placed.push(position);
  }
  const n = key.items.length;
  if (key.grading === "allOrNothing") return placed.length === n && placed.every((position, k) => position === k) ? 1 : 0;
  let keptAfterPredecessor = 0;
  for (let k = 1; k < placed.length; k++) if (placed[k] === placed[k - 1] + 1) keptAfterPredecessor++;
  return keptAfterPredecessor / (n - 1);
}

export const isOrderingAnswered = (answer: OrderingAnswer) => answer.order.length > 0;
