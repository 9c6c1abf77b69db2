import { describe, expect, it } from "vitest";
import { createTestDb } from "../../test-support/factories.node";
import { claimLease, releaseLease, whileHoldingLease } from "./leases";

const at = (ms: number) => new Date(1_800_000_000_000 + ms);
const lease = (holder: string) => ({ name: "work", holder, ttlMs: 1000 });

describe("server leases (one app server at a time)", () => {
  it("goes to the first holder; another holder is refused until it expires, then takes it", async () => {
    const db = await createTestDb();
    expect(await claimLease(db, lease("a"), at(0))).toBe(true);
    expect(await claimLease(db, lease("b"), at(999))).toBe(false);
    // The holder renews its own lease: b is still out at 1500, in at a's new end.
    expect(await claimLease(db, lease("a"), at(500))).toBe(true);
    expect(await claimLease(db, lease("b"), at(1_499))).toBe(false);
    expect(await claimLease(db, lease("b"), at(1_500))).toBe(true);
    expect(await claimLease(db, lease("a"), at(1_600))).toBe(false);
  });

  it("is let go by its holder only", async () => {
    const db = await createTestDb();
    await claimLease(db, lease("a"), at(0));
    await releaseLease(db, lease("b"));
    expect(await claimLease(db, lease("b"), at(1))).toBe(false);
    await releaseLease(db, lease("a"));
    expect(await claimLease(db, lease("b"), at(2))).toBe(true);
  });

  it("runs the work only while held, and lets go when the work fails", async () => {
    const db = await createTestDb();
    const inside = await whileHoldingLease(db, lease("a"), at(0), () => whileHoldingLease(db, lease("b"), at(1), async () => "b ran"));
    expect(inside).toEqual({ skipped: false, result: { skipped: true } });
    await expect(whileHoldingLease(db, lease("a"), at(2), () => Promise.reject(new Error("broke")))).rejects.toThrow("broke");
    expect(await whileHoldingLease(db, lease("b"), at(3), async () => "b ran")).toEqual({ skipped: false, result: "b ran" });
  });
});
