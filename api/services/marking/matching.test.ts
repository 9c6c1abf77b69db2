import { describe, expect, it } from "vitest";
import { markMatching, matchingChoices, type MatchingKey } from "./matching";

const capitals: MatchingKey = {
  pairs: [
    { stem: "France", choice: "Paris" },
    { stem: "Italy", choice: "Rome" },
    { stem: "Spain", choice: "Madrid" },
    { stem: "Vatican", choice: "Rome" },
  ],
  distractors: ["Lyon", "Milan"],
};
const ids = { stemIds: ["s-fr", "s-it", "s-es", "s-va"], choiceIds: ["c-paris", "c-rome", "c-madrid", "c-lyon", "c-milan"] };
const pairs = (...entries: [string, string][]) => ({ pairs: entries.map(([stemId, choiceId]) => ({ stemId, choiceId })) });

describe("matching: credit per right pair over the pairs", () => {
  it("offers each right answer once, then the distractors", () => {
    expect(matchingChoices(capitals)).toEqual(["Paris", "Rome", "Madrid", "Lyon", "Milan"]);
  });

  it("gives 1 for every pair right, in any order", () => {
    expect(markMatching(capitals, pairs(["s-va", "c-rome"], ["s-es", "c-madrid"], ["s-fr", "c-paris"], ["s-it", "c-rome"]), ids)).toBe(1);
  });

  it("gives the share of right pairs; stems left out and distractors earn nothing", () => {
    expect(markMatching(capitals, pairs(["s-fr", "c-paris"], ["s-it", "c-lyon"], ["s-es", "c-madrid"]), ids)).toBe(0.5);
    expect(markMatching(capitals, pairs(["s-fr", "c-milan"]), ids)).toBe(0);
  });

  it("counts a stem's first pairing only, and never an id the attempt did not give", () => {
    expect(markMatching(capitals, pairs(["s-fr", "c-lyon"], ["s-fr", "c-paris"]), ids)).toBe(0);
    expect(markMatching(capitals, pairs(["s-fr", "0"], ["0", "c-paris"], ["s-xx", "c-rome"]), ids)).toBe(0);
  });

  it("names parts by position when no ids are given", () => {
    expect(markMatching(capitals, pairs(["0", "0"], ["1", "1"], ["2", "2"], ["3", "1"]))).toBe(1);
  });
});
