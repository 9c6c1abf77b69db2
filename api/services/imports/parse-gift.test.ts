import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateQuestion } from "../questions/schemas";
import type { ImportCandidate } from "./import-summary";
import { parseGift } from "./parse-gift";

/**
 * Each GIFT form of Moodle's documentation (issue 26 point 8), from fixtures written for this
 * project, read into the editor's question input and then through the editor's own rules.
 */
const place = { category: "Science", course: "Physics" };
const one = async (source: string) => {
  const [candidate, ...rest] = await parseGift(source, place);
  expect(rest).toEqual([]);
  return candidate;
};
/** The question as the editor's rules keep it: the import adds no rule of its own. */
const valid = (candidate: ImportCandidate) => {
  if (!("input" in candidate)) throw new Error(`rejected: ${JSON.stringify(candidate.problems)}`);
  const result = validateQuestion(candidate.input);
  if (!result.success) throw new Error(`refused by the rules: ${JSON.stringify(result.errors)}`);
  return result.data;
};
const refusal = (candidate: ImportCandidate) => {
  if (!("input" in candidate)) return candidate.problems;
  const result = validateQuestion(candidate.input);
  return result.success ? null : result.errors;
};
const trueFalse = (right: "True" | "False") => [
  { optionText: "True", optionStatus: right === "True" },
  { optionText: "False", optionStatus: right === "False" },
];

describe("GIFT true/false", () => {
  it.each([
    ["{T}", "True"],
    ["{TRUE}", "True"],
    ["{F}", "False"],
    ["{FALSE}", "False"],
  ] as const)("%s is a trueFalse question with the options True and False", async (block, right) => {
    const question = valid(await one(`Is it so? ${block}`));
    expect(question).toMatchObject({ questionText: "Is it so?", optionType: "trueFalse", options: trueFalse(right), answerKey: null, answerExplaination: `<p>Correct answer: ${right}</p>` });
  });

  it("takes the feedback `#wrong#right`: the right answer's feedback joins the explanation; general feedback replaces it", async () => {
    expect(valid(await one("Lead floats. {F#Think of its weight.#Right, it sinks.}")).answerExplaination).toBe("<p>Correct answer: False</p><p>Right, it sinks.</p>");
    expect(valid(await one("Lead floats. {F#No.#Yes.####Lead is denser than water.}")).answerExplaination).toBe("Lead is denser than water.");
  });
});

describe("GIFT short answer", () => {
  it("takes every `=` as an accepted answer at 100 %, `=%50%` at its credit, letter case ignored", async () => {
    const question = valid(await one("Largest planet? {=Jupiter =%50%Saturn}"));
    expect(question).toMatchObject({ optionType: "shortAnswer", options: [], answerKey: { answers: [{ text: "Jupiter", credit: 100 }, { text: "Saturn", credit: 50 }], caseSensitive: false } });
    expect(question.answerExplaination).toBe("<p>Correct answer: Jupiter</p>");
  });

  it("reads the missing-word form as a text with a blank where the braces were", async () => {
    const question = valid(await one("Two plus two equals {=four =4}."));
    expect(question.questionText).toBe("Two plus two equals _____.");
    expect(question.answerKey).toMatchObject({ answers: [{ text: "four", credit: 100 }, { text: "4", credit: 100 }] });
  });

  it("refuses by the editor's rule a question with no answer at 100 %", async () => {
    expect(refusal(await one("Half right only? {=%50%half}"))).toEqual({ "answerKey.answers": expect.objectContaining({ code: "ANSWER_KEY_FULL_CREDIT_NEEDED" }) });
  });
});

describe("GIFT numerical", () => {
  it("reads value:tolerance, a range min..max (its middle, give or take half of it) and several weighted answers", async () => {
    expect(valid(await one("Pi to two places? {#3.14:0.005}")).answerKey).toEqual({ answers: [{ value: 3.14, tolerance: 0.005, credit: 100 }], units: [], unitRequired: false, unitPenalty: 0.1 });
    expect(valid(await one("A number from 1 to 5? {#1..5}")).answerKey).toMatchObject({ answers: [{ value: 3, tolerance: 2, credit: 100 }] });
    expect(valid(await one("Pi? {# =%100%3.14:0.005 =%50%3.1:0.1}")).answerKey).toMatchObject({
      answers: [
        { value: 3.14, tolerance: 0.005, credit: 100 },
        { value: 3.1, tolerance: 0.1, credit: 50 },
      ],
    });
    expect(valid(await one("The answer? {#42}")).answerKey).toMatchObject({ answers: [{ value: 42, tolerance: 0, credit: 100 }] });
    expect(valid(await one("Pi? {#3.14:0.005}")).answerExplaination).toBe("<p>Correct answer: 3.14 ± 0.005</p>");
  });
});

describe("GIFT matching", () => {
  it("reads `=stem -> choice` pairs; a pair without a stem is an extra wrong answer", async () => {
    const question = valid(await one("Match the capitals. { =Canada -> Ottawa =Italy -> Rome = -> Paris }"));
    expect(question).toMatchObject({
      optionType: "matching",
      answerKey: {
        pairs: [
          { stem: "Canada", choice: "Ottawa" },
          { stem: "Italy", choice: "Rome" },
        ],
        distractors: ["Paris"],
      },
    });
  });

  it("refuses one pair by the editor's rule (at least 2)", async () => {
    expect(refusal(await one("Match. { =a -> b = -> c }"))).toEqual({ "answerKey.pairs": expect.objectContaining({ code: "ANSWER_KEY_PAIRS_COUNT" }) });
  });
});

describe("GIFT essay, description, formats and escapes", () => {
  it("reads `{}` as an essay with an empty key, named as teacher-marked", async () => {
    const question = valid(await one("Describe the water cycle. {}"));
    expect(question).toMatchObject({ optionType: "essay", options: [], answerKey: { graderInfo: "", responseTemplate: "" }, answerExplaination: "<p>Marked by a teacher.</p>" });
  });

  it("rejects a description (no braces) with its reason and line", async () => {
    expect(await parseGift("Q? {T}\n\nJust some words.", place)).toEqual([expect.objectContaining({ number: 1 }), { number: 2, problems: [{ code: "giftDescription", values: { line: 3 } }] }]);
  });

  it("keeps a missing-word multiple choice as a choice question whose text has the blank", async () => {
    const question = valid(await one("Moodle costs {~lots of money =nothing ~a small amount} to download."));
    expect(question).toMatchObject({ questionText: "Moodle costs _____ to download.", optionType: "radio" });
    expect(question.options.map((o) => [o.optionText, o.optionStatus])).toEqual([["lots of money", false], ["nothing", true], ["a small amount", false]]);
  });

  it("reads `####` as the explanation, drops the ::title::, escapes markdown and plain explanations, and unescapes \\{ \\} \\~ \\= \\# \\:", async () => {
    const question = valid(await one("::Named:: [markdown]What is **2 + 3**? {=five ####Two and *three* <b>make</b> five.}"));
    expect(question.questionText).toBe("What is **2 + 3**?");
    expect(question.answerExplaination).toBe("Two and *three* &lt;b&gt;make&lt;/b&gt; five.");
    const escaped = valid(await one("Marks \\{ \\} \\~ \\= \\# \\: stay. {=a\\:b\\=c}"));
    expect(escaped.questionText).toBe("Marks { } ~ = # : stay.");
    expect(escaped.answerKey).toMatchObject({ answers: [{ text: "a:b=c", credit: 100 }] });
  });

  it("[html] general feedback is kept as HTML, through the explanation's sanitiser", async () => {
    expect(valid(await one("[html]Which? {=<b>A</b> ~B ####[html]<p onclick\\='x()'>Because <em>A</em></p>}")).answerExplaination).toBe("<p>Because <em>A</em></p>");
  });
});

describe("a GIFT file of every type (fixtures/every-type.gift)", () => {
  it("gives one valid question per form, in order, the description rejected by number, $CATEGORY and comments not counted", async () => {
    const text = readFileSync(new URL("./fixtures/every-type.gift", import.meta.url), "utf8");
    const candidates = await parseGift(text, place);
    const kinds = candidates.map((candidate) => ("input" in candidate ? valid(candidate).optionType : candidate.problems[0].code));
    expect(kinds).toEqual(["trueFalse", "trueFalse", "trueFalse", "trueFalse", "shortAnswer", "shortAnswer", "numerical", "numerical", "numerical", "matching", "essay", "radio", "shortAnswer", "shortAnswer", "giftDescription"]);
    expect(candidates.map((candidate) => candidate.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });
});

describe("odd GIFT never breaks the import", () => {
  it("reads a thousand mangled questions (characters dropped, doubled, swapped, GIFT marks sprinkled) into questions or reasons, never a throw", async () => {
    const text = readFileSync(new URL("./fixtures/every-type.gift", import.meta.url), "utf8");
    const sources = text.split(/\n\s*\n/).filter((piece) => !piece.startsWith("//") && !piece.startsWith("$"));
    const marks = ["{", "}", "=", "~", "#", "%", "->", ":", "..", "\\", "####", "%-50%", "%150%", "[html]", "::"];
    // A fixed sequence (a linear congruential generator), so a failure is the same on every run.
    let seed = 26;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 1000; round++) {
      let source = sources[next(sources.length)];
      for (let edits = 1 + next(4); edits > 0; edits--) {
        const at = next(source.length + 1);
        const kind = next(3);
        source = kind === 0 ? source.slice(0, at) + source.slice(at + 1) : kind === 1 ? source.slice(0, at) + marks[next(marks.length)] + source.slice(at) : source.slice(0, at) + source.slice(at, at + 3).repeat(2) + source.slice(at + 3);
      }
      const candidates = await parseGift(source, place);
      for (const candidate of candidates) {
        if ("input" in candidate) expect(() => validateQuestion(candidate.input), source).not.toThrow();
        else expect(candidate.problems.length, source).toBeGreaterThan(0);
      }
    }
  }, 60_000);
});
