import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pureJsArgon2id } from "../api/services/auth/argon2id";
import { loadWasmArgon2id } from "./argon2id.node.ts";
import { poolSizeFrom, startArgon2idPool, type Argon2idPool } from "./argon2id-pool.node.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const input = (password: string, m = 19456) => ({ password: utf8(password), salt: new Uint8Array(16).fill(9), m, t: 2, p: 1, dkLen: 32 });

/** How often a 1 ms timer fires on this thread while `work` runs: 0 means the work held the event loop. */
async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  await new Promise((resolve) => setTimeout(resolve, 5)); // let the timer start
  ticks = 0;
  await work();
  clearInterval(timer);
  return ticks;
}

describe("argon2id worker-thread pool (Node)", () => {
  let pool: Argon2idPool;
  beforeAll(() => {
    pool = startArgon2idPool(2);
  });
  afterAll(() => pool.close());

  it("gives the bytes of the pure-JS build, for more jobs at once than it has threads", async () => {
    const passwords = ["harbor lantern 58", "Grüße, 世界", "", "x", "another one", "and a sixth"];
    const hashes = await Promise.all(passwords.map((password) => pool.argon2id(input(password, 64))));
    const expected = await Promise.all(passwords.map((password) => pureJsArgon2id(input(password, 64))));
    expect(hashes).toEqual(expected);
  });

  it("keeps the event loop free while it hashes; the same WASM on the main thread does not", async () => {
    const mainThread = await loadWasmArgon2id();
    await pool.argon2id(input("warm up")); // the threads have loaded their WASM
    const poolTicks = await timerTicksDuring(async () => {
      for (let i = 0; i < 3; i++) await pool.argon2id(input(`password ${i}`));
    });
    const mainTicks = await timerTicksDuring(() => mainThread(input("password 0")));
    expect(mainTicks).toBeLessThanOrEqual(1);
    expect(poolTicks).toBeGreaterThan(5);
  });

  it("fails a job the WASM refuses with its reason, and goes on working", async () => {
    await expect(pool.argon2id({ ...input("too little memory"), m: 4 })).rejects.toThrow(/argon2id failed: memory/);
    expect(await pool.argon2id(input("still here", 64))).toEqual(await pureJsArgon2id(input("still here", 64)));
  });

  it("refuses work once closed", async () => {
    const closing = startArgon2idPool(1);
    await closing.close();
    await expect(closing.argon2id(input("late", 64))).rejects.toThrow("argon2id pool is closed");
  });
});

describe("poolSizeFrom", () => {
  it("takes PASSWORD_HASH_THREADS when it is a whole number from 1, else one core less than the machine (1 to 4)", () => {
    expect(poolSizeFrom({ PASSWORD_HASH_THREADS: "3" })).toBe(3);
    for (const value of [undefined, "", "0", "-1", "two", "1.5"]) {
      const size = poolSizeFrom({ PASSWORD_HASH_THREADS: value });
      expect(size).toBeGreaterThanOrEqual(1);
      expect(size).toBeLessThanOrEqual(4);
    }
  });

  it("shares the cores less one among the server processes, at least one thread each (ADR 0053)", () => {
    const threads = (processes: number, cores: number) => poolSizeFrom({}, processes, cores);
    expect([threads(1, 2), threads(2, 2)]).toEqual([1, 1]);
    expect([threads(1, 8), threads(2, 8), threads(3, 8), threads(8, 8)]).toEqual([4, 3, 2, 1]);
    expect(poolSizeFrom({ PASSWORD_HASH_THREADS: "2" }, 8, 8)).toBe(2);
  });
});
