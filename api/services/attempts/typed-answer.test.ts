import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChoiceIds, readChoiceAnswer } from "./typed-answer";

/** What readChoiceAnswer gives, or the issues it refuses with. */
function outcome(read: () => unknown): unknown {
  try {
    return { read: read() };
  } catch (error) {
    return { refused: (error as { issues?: unknown }).issues };
  }
}

describe("readChoiceAnswer: the usual answer read by hand, exactly as the schema reads it", () => {
  const edges: unknown[] = [[], [1], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], [0], [-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53], [2 ** 53 - 1], [-0], ["1"], [null], [[1]], [1, "2"], "x", null, undefined, {}, 7];

  it("accepts and refuses what the schema does, with its issues under the answer's field", () => {
    for (const sent of edges) {
      const schema = ChoiceIds.safeParse(sent);
      const got = outcome(() => readChoiceAnswer(sent, ["answers", 0, "answer"]));
      if (schema.success) expect(got, JSON.stringify(sent)).toEqual({ read: schema.data });
      else expect(got, JSON.stringify(sent)).toEqual({ refused: schema.error.issues.map((issue) => ({ ...issue, path: ["answers", 0, "answer", ...issue.path] })) });
    }
  });

  it("agrees with the schema on any list of numbers", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 53), fc.maxSafeNat())), (sent) => {
        const schema = ChoiceIds.safeParse(sent);
        const got = outcome(() => readChoiceAnswer(sent, ["a"]));
        expect("read" in (got as object)).toBe(schema.success);
        if (schema.success) expect(got).toEqual({ read: schema.data });
      }),
    );
  });

  it("gives a list of its own: the sent one is not kept", () => {
    const sent = [3, 1];
    const read = readChoiceAnswer(sent, ["a"]);
    expect(read).toEqual([3, 1]);
    expect(read).not.toBe(sent);
  });
});
