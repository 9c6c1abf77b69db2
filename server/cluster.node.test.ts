import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { serverProcessesFrom, WEB_CONCURRENCY_INVALID } from "./cluster.node.ts";

describe("serverProcessesFrom", () => {
  it("runs one server process per core unless WEB_CONCURRENCY says how many", () => {
    expect(serverProcessesFrom({})).toBe(availableParallelism());
    expect(serverProcessesFrom({ WEB_CONCURRENCY: " " })).toBe(availableParallelism());
    expect(serverProcessesFrom({ WEB_CONCURRENCY: "1" })).toBe(1);
    expect(serverProcessesFrom({ WEB_CONCURRENCY: "3" })).toBe(3);
  });

  it("refuses a WEB_CONCURRENCY that is not a whole number from 1 to 64, saying so", () => {
    for (const value of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => serverProcessesFrom({ WEB_CONCURRENCY: value })).toThrow(WEB_CONCURRENCY_INVALID);
    }
  });
});
