import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderingKey } from "../marking/ordering";
import { AttemptPartIds, shownParts } from "./part-ids";
import { sipKeyOf } from "./siphash";

/**
 * An ordering question's starting order (ADR 0074): the items a student is shown are sorted by
 * the attempt's ids, and that order must never be the right one when there are two items or
 * more, for any secret, attempt and question, while staying the same for one attempt.
 */

const keyArb = fc.uint8Array({ minLength: 16, maxLength: 16 }).map(sipKeyOf);
const orderingOf = (count: number): OrderingKey => ({ items: Array.from({ length: count }, (_, i) => `Item ${i + 1}`), grading: "allOrNothing" });
const shownOrder = (partIds: AttemptPartIds, questionId: number, key: OrderingKey) => shownParts(key.items, partIds.ordering(questionId, key).itemIds).map((part) => part.text);

describe("the ordering items an attempt shows", () => {
  it("never start in the right order when there are two items or more", () => {
    fc.assert(
      fc.property(keyArb, fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 2, max: 20 }), (sip, attemptId, questionId, count) => {
        const key = orderingOf(count);
        expect(shownOrder(new AttemptPartIds(sip, attemptId), questionId, key)).not.toEqual(key.items);
      }),
      { numRuns: 2000 },
    );
  });

  it("are the same order every time one attempt asks (resume, save, results), with one id per item", () => {
    fc.assert(
      fc.property(keyArb, fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 2, max: 20 }), (sip, attemptId, questionId, count) => {
        const key = orderingOf(count);
        const first = new AttemptPartIds(sip, attemptId).ordering(questionId, key).itemIds;
        expect(new AttemptPartIds(sip, attemptId).ordering(questionId, key).itemIds).toEqual(first);
        expect(new Set(first).size).toBe(count);
      }),
    );
  });

  it("start in every other order over many attempts, not in one fixed replacement", () => {
    const sip = sipKeyOf(new Uint8Array(16).map((_, i) => i * 7 + 1));
    const key = orderingOf(3);
    const seen = new Map<string, number>();
    for (let attemptId = 1; attemptId <= 600; attemptId++) {
      const order = shownOrder(new AttemptPartIds(sip, attemptId), 42, key).join(",");
      seen.set(order, (seen.get(order) ?? 0) + 1);
    }
    // Three items have six orders: the five wrong ones all appear, each roughly a fifth of the time.
    expect(seen.has(key.items.join(","))).toBe(false);
    expect(seen.size).toBe(5);
    for (const count of seen.values()) expect(count).toBeGreaterThan(60);
  });
});
