import { describe, expect, it } from "vitest";
import { clozePieces, matchingRows, orderingRows, roundMark } from "./review-rows";

/** The result page's per-type logic (ADR 0071): what is marked right or wrong, and nothing when the key is not in the result. */
const stems = [
  { id: "s1", text: "France" },
  { id: "s2", text: "Italy" },
  { id: "s3", text: "Spain" },
];
const choices = [
  { id: "c1", text: "Paris" },
  { id: "c2", text: "Rome" },
  { id: "c3", text: "Madrid" },
  { id: "c4", text: "Lisbon" },
];

describe("matchingRows", () => {
  const given = { pairs: [{ stemId: "s1", choiceId: "c1" }, { stemId: "s2", choiceId: "c4" }] };
  const right = { pairs: [{ stemId: "s1", choiceId: "c1" }, { stemId: "s2", choiceId: "c2" }, { stemId: "s3", choiceId: "c3" }] };

  it("gives each stem the choice given, the right one, and right only where they agree (an unanswered stem is wrong)", () => {
    expect(matchingRows(stems, choices, given, right)).toEqual([
      { stem: "France", given: "Paris", right: "Paris", verdict: "right" },
      { stem: "Italy", given: "Lisbon", right: "Rome", verdict: "wrong" },
      { stem: "Spain", given: null, right: "Madrid", verdict: "wrong" },
    ]);
  });

  it("marks nothing and names no right choice when the result has no key", () => {
    expect(matchingRows(stems, choices, given, undefined).map((row) => [row.right, row.verdict])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("reads a malformed or missing answer as no answer, never throwing", () => {
    for (const odd of [null, "x", { pairs: "x" }, { pairs: [null, 3] }]) expect(matchingRows(stems, choices, odd, right).map((row) => row.given)).toEqual([null, null, null]);
  });
});

describe("orderingRows", () => {
  const items = [
    { id: "a", text: "Mercury" },
    { id: "b", text: "Venus" },
    { id: "c", text: "Earth" },
  ];

  it("marks each item placed where the right order has it, and gives the right order in words", () => {
    expect(orderingRows(items, { order: ["a", "c", "b"] }, { order: ["a", "b", "c"] })).toEqual({
      given: [
        { text: "Mercury", verdict: "right" },
        { text: "Earth", verdict: "wrong" },
        { text: "Venus", verdict: "wrong" },
      ],
      right: [{ text: "Mercury" }, { text: "Venus" }, { text: "Earth" }],
    });
  });

  it("without the key: the order given, nothing marked, no right order", () => {
    expect(orderingRows(items, { order: ["b"] }, undefined)).toEqual({ given: [{ text: "Venus", verdict: null }], right: null });
  });
});

describe("clozePieces", () => {
  const gaps = [{ kind: "text" as const }, { kind: "number" as const }, { kind: "choice" as const, choices: [{ id: "x1", text: "Phobos" }, { id: "x2", text: "Titan" }] }];
  const text = "Mars is {1}, it has {2} moons, the larger one is {3}.";

  it("puts each gap's answer in its place (a dropdown's by its text), its verdict from the server's fraction and the right answer", () => {
    expect(clozePieces(text, gaps, { gaps: ["red", "2,5", "x2"] }, { gaps: ["red", "2", "x1"] }, [1, 0.5, 0])).toEqual([
      { text: "Mars is " },
      { gap: 1, given: "red", right: "red", verdict: "right" },
      { text: ", it has " },
      { gap: 2, given: "2,5", right: "2", verdict: "partial" },
      { text: " moons, the larger one is " },
      { gap: 3, given: "Titan", right: "Phobos", verdict: "wrong" },
      { text: "." },
    ]);
  });

  it("without the key: the answers in place, no verdict, no right answer", () => {
    const pieces = clozePieces(text, gaps, { gaps: ["red"] }, undefined, undefined);
    expect(pieces.filter((piece) => "gap" in piece)).toEqual([
      { gap: 1, given: "red", right: null, verdict: null },
      { gap: 2, given: "", right: null, verdict: null },
      { gap: 3, given: "", right: null, verdict: null },
    ]);
  });
});

it("roundMark keeps at most two decimals", () => {
  expect([roundMark(7.6000002), roundMark(2.0000001), roundMark(0.6), roundMark(1 / 3)]).toEqual([7.6, 2, 0.6, 0.33]);
});

describe("parts with formulas (issue 26 point 6)", () => {
  const io = { id: "s1", text: String.raw`\(\text{Io}\)`, textHtml: "<math><mtext>Io</mtext></math>" };
  const j1 = { id: "c1", text: String.raw`\(J_1\)`, textHtml: "<math><msub><mi>J</mi><mn>1</mn></msub></math>" };

  it("carries each stem's, choice's, item's and dropdown choice's rendered HTML beside its text, and none for a plain part", () => {
    const [row] = matchingRows([io], [j1, { id: "c2", text: "Saturn" }], { pairs: [{ stemId: "s1", choiceId: "c2" }] }, { pairs: [{ stemId: "s1", choiceId: "c1" }] });
    expect(row).toEqual({ stem: io.text, stemHtml: io.textHtml, given: "Saturn", right: j1.text, rightHtml: j1.textHtml, verdict: "wrong" });
    expect(row.givenHtml).toBeUndefined();
    expect(orderingRows([j1], { order: ["c1"] }, { order: ["c1"] })).toEqual({ given: [{ text: j1.text, textHtml: j1.textHtml, verdict: "right" }], right: [{ text: j1.text, textHtml: j1.textHtml }] });
    const [, gap] = clozePieces("It is {1}.", [{ kind: "choice", choices: [j1] }], { gaps: ["c1"] }, undefined, undefined);
    expect(gap).toMatchObject({ given: j1.text, givenHtml: j1.textHtml });
  });

  it("draws the formulas of the text around the gaps from the question's rendered text", () => {
    const text = String.raw`\(\text{Io}\) orbits {1}.`;
    const [before, , after] = clozePieces(text, [{ kind: "text" }], { gaps: ["Jupiter"] }, undefined, undefined, '<math><mtext>Io</mtext></math> orbits {1}.');
    expect(before).toEqual({ text: String.raw`\(\text{Io}\) orbits `, html: "<math><mtext>Io</mtext></math> orbits " });
    expect(after).toEqual({ text: "." });
  });
});
