import { describe, expect, it } from "vitest";
import { markShortAnswer, type ShortAnswerKey } from "./short-answer";
import { literalParts, matchesAnswer } from "./wildcard";

const key = (answers: [string, number][], caseSensitive = false): ShortAnswerKey => ({ answers: answers.map(([text, credit]) => ({ text, credit })), caseSensitive });

describe("short answer: Moodle's examples", () => {
  it("'Long*' matches long, longer and longest, and nothing else", () => {
    for (const typed of ["long", "longer", "longest", "Long"]) expect(matchesAnswer(typed, "Long*", false), typed).toBe(true);
    for (const typed of ["lon", "a long", "elong"]) expect(matchesAnswer(typed, "Long*", false), typed).toBe(false);
  });

  it("a lone * matches anything, so it goes last as the catch-all", () => {
    const graded = key([
      ["Paris", 100],
      ["*", 10],
    ]);
    expect(markShortAnswer(graded, { text: "Paris" })).toBe(1);
    expect(markShortAnswer(graded, { text: "Lyon" })).toBe(0.1);
  });

  it("the first matching answer in the author's order wins, even when a later one gives more", () => {
    expect(markShortAnswer(key([["*", 0], ["Paris", 100]]), { text: "Paris" })).toBe(0);
    expect(markShortAnswer(key([["Par*", 50], ["Paris", 100]]), { text: "Paris" })).toBe(0.5);
    expect(markShortAnswer(key([["Paris", 100], ["Par*", 50]]), { text: "Parys" })).toBe(0.5);
  });

  it("\\* is a real asterisk, not a wildcard", () => {
    expect(matchesAnswer("2*3", "2\\*3", false)).toBe(true);
    expect(matchesAnswer("2x3", "2\\*3", false)).toBe(false);
    expect(literalParts("a\\**b")).toEqual(["a*", "b"]);
    expect(literalParts("a***b")).toEqual(["a", "b"]);
  });

  it("ignores letter case unless the author says it counts", () => {
    expect(markShortAnswer(key([["Berlin", 100]]), { text: "BERLIN" })).toBe(1);
    expect(markShortAnswer(key([["Berlin", 100]], true), { text: "BERLIN" })).toBe(0);
    expect(markShortAnswer(key([["Berlin", 100]], true), { text: "Berlin" })).toBe(1);
  });

  it("ignores surrounding and repeated spaces, on both sides", () => {
    expect(markShortAnswer(key([["New York", 100]]), { text: "  new   york " })).toBe(1);
    expect(markShortAnswer(key([["  New  York", 100]]), { text: "new york" })).toBe(1);
    expect(markShortAnswer(key([["NewYork", 100]]), { text: "new york" })).toBe(0);
  });

  it("compares composed text: e + combining accent matches é", () => {
    expect(matchesAnswer("cafe\u0301", "café", true)).toBe(true);
  });

  it("gives nothing for an empty answer, even against a catch-all", () => {
    expect(markShortAnswer(key([["*", 100]]), { text: "   " })).toBe(0);
  });

  it("matches wildcards in the middle and keeps the ends anchored", () => {
    expect(matchesAnswer("photosynthesis", "photo*sis", false)).toBe(true);
    expect(matchesAnswer("photosis", "photo*sis", false)).toBe(true);
    expect(matchesAnswer("photsis", "photo*sis", false)).toBe(false);
    expect(matchesAnswer("aXbYc", "a*b*c", false)).toBe(true);
    expect(matchesAnswer("abab", "a*b*ab", false)).toBe(true); // a, b, ab with empty runs between
    expect(matchesAnswer("aab", "a*b*ab", false)).toBe(false); // the middle b cannot overlap the ending ab
    expect(matchesAnswer("ababab", "a*b*ab", false)).toBe(true);
  });
});
