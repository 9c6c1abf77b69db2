import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { MAX_UPLOAD_BYTES } from "../../files/rules";
import type { ImportCandidate } from "../../imports/import-summary";
import { validateQuestion } from "../../questions/schemas";
import { parseMoodleXml } from "./parse-moodle-xml";

/**
 * Each Moodle XML question type, from fixtures written for this project from Moodle's
 * documentation ("Moodle XML format", the qtype pages), read field by field into the editor's
 * question input (decisions.md shapes), and the bad-input set (issue 28 "Bad input").
 */
const place = { category: "Maths", course: "Algebra" };
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const read = (name: string) => parseMoodleXml(fixture(name), place);
const inputOf = (candidate: ImportCandidate) => {
  if (!("input" in candidate)) throw new Error(`question ${candidate.number} was rejected: ${JSON.stringify(candidate.problems)}`);
  return candidate.input as Record<string, unknown>;
};
/** The editor's rules accept it (the import runs them next: a shape they refuse would be a rejected question). */
const valid = (candidate: ImportCandidate) => {
  const result = validateQuestion(inputOf(candidate));
  expect(result.success, JSON.stringify(result.success ? "" : result.errors)).toBe(true);
};
const refusal = async (text: string) => {
  try {
    await parseMoodleXml(text, place);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, code: (error as AppError & { messageCode?: string }).message };
  }
  throw new Error("the file was not refused");
};

describe("Moodle XML, type by type", () => {
  it("multichoice: single → radio (negative fractions are wrong options), multiple → checkbox (positive fractions right); partial credit it cannot say is rejected", async () => {
    const [capital, primes, partialSingle, halfOnly] = await read("multichoice.xml");
    expect(inputOf(capital)).toEqual({
      questionText: "What is the capital of France?",
      optionType: "radio",
      options: [
        { optionText: "Paris", optionStatus: true },
        { optionText: "Lyon", optionStatus: false },
        { optionText: "Marseille & Nice", optionStatus: false },
      ],
      defaultMark: 2,
      category: "Maths",
      course: "Algebra",
      tags: ["geography", "europe"],
      answerExplaination: "<p>Paris has been the capital since 987.</p>",
    });
    expect(capital.number).toBe(1);
    expect(inputOf(primes)).toMatchObject({
      optionType: "checkbox",
      options: [
        { optionText: "2", optionStatus: true },
        { optionText: "3", optionStatus: true },
        { optionText: "4", optionStatus: false },
        { optionText: "9", optionStatus: false },
      ],
      defaultMark: 1,
      answerExplaination: "<p>Correct answer: 2; 3</p>",
    });
    expect(partialSingle).toEqual({ number: 3, problems: [{ code: "moodleXmlPartialCredit" }] });
    expect(halfOnly).toEqual({ number: 4, problems: [{ code: "moodleXmlCreditsNotWhole" }] });
    valid(capital);
    valid(primes);
  });

  it("truefalse: the right answer by its text; moodle_auto_format keeps line breaks, plain_text keeps < > as written", async () => {
    const [sun, moon] = await read("truefalse.xml");
    expect(inputOf(sun)).toMatchObject({
      questionText: "The Sun is a star.\nIt is the closest one to Earth.",
      optionType: "trueFalse",
      options: [
        { optionText: "True", optionStatus: true },
        { optionText: "False", optionStatus: false },
      ],
      answerExplaination: "<p>Correct answer: True</p>",
    });
    expect(inputOf(moon)).toMatchObject({
      questionText: "The Moon makes its own light <really>.",
      options: [
        { optionText: "True", optionStatus: false },
        { optionText: "False", optionStatus: true },
      ],
      answerExplaination: "<p>It reflects the Sun&#39;s light &#38; nothing more.</p>",
    });
    valid(sun);
    valid(moon);
  });

  it("shortanswer: answers with their credit and wildcard, usecase → caseSensitive, defaultgrade → defaultMark", async () => {
    const [author, symbol] = await read("shortanswer.xml");
    expect(inputOf(author)).toMatchObject({
      questionText: "Who wrote Les Misérables?",
      optionType: "shortAnswer",
      answerKey: {
        answers: [
          { text: "Victor Hugo", credit: 100 },
          { text: "*Hugo", credit: 50 },
          { text: "*", credit: 0 },
        ],
        caseSensitive: false,
      },
      defaultMark: 1.5,
    });
    expect(inputOf(symbol)).toMatchObject({ answerKey: { answers: [{ text: "Na", credit: 100 }], caseSensitive: true } });
    valid(author);
    valid(symbol);
  });

  it("numerical: tolerances, units with multipliers, unit grading and penalty, showunits 3 without units; a penalty of the response's grade with partial credit is rejected", async () => {
    const [track, pi, water] = await read("numerical.xml");
    expect(inputOf(track)).toMatchObject({
      optionType: "numerical",
      answerKey: {
        answers: [
          { value: 400, tolerance: 5, credit: 100 },
          { value: 400, tolerance: 50, credit: 50 },
        ],
        units: [
          { unit: "m", multiplier: 1 },
          { unit: "km", multiplier: 0.001 },
        ],
        unitRequired: true,
        unitPenalty: 0.25,
      },
      answerExplaination: "<p>400 m, the standard track.</p>",
    });
    expect(inputOf(pi)).toMatchObject({ answerKey: { answers: [{ value: 3.14, tolerance: 0.005, credit: 100 }], units: [], unitRequired: false } });
    expect(water).toEqual({ number: 3, problems: [{ code: "moodleXmlUnitPenaltyOfResponse" }] });
    valid(track);
    valid(pi);
  });

  it("matching: subquestions are pairs, one without text an extra wrong choice", async () => {
    const [capitals] = await read("match.xml");
    expect(inputOf(capitals)).toMatchObject({
      questionText: "Match each country with its capital.",
      optionType: "matching",
      answerKey: {
        pairs: [
          { stem: "France", choice: "Paris" },
          { stem: "Japan", choice: "Tokyo" },
          { stem: "Peru", choice: "Lima" },
        ],
        distractors: ["Sydney"],
      },
      defaultMark: 3,
    });
    valid(capitals);
  });

  it("ordering: the answers' order, RELATIVE_NEXT_EXCLUDE_LAST → relativeToNext, ALL_OR_NOTHING → allOrNothing; other gradings and subsets rejected", async () => {
    const [planets, steps, absolute, subset] = await read("ordering.xml");
    expect(inputOf(planets)).toMatchObject({ optionType: "ordering", answerKey: { items: ["Mercury", "Venus", "Earth"], grading: "relativeToNext" } });
    expect(inputOf(steps)).toMatchObject({ answerKey: { items: ["Open", "Read", "Close"], grading: "allOrNothing" } });
    expect(absolute).toEqual({ number: 3, problems: [{ code: "moodleXmlOrderingGrading", values: { grading: "ABSOLUTE_POSITION" } }] });
    expect(subset).toEqual({ number: 4, problems: [{ code: "moodleXmlOrderingSubset" }] });
    valid(planets);
    valid(steps);
  });

  it("cloze: SHORTANSWER, MULTICHOICE (and _V) and NUMERICAL gaps with weights and credits, escapes read; SHORTANSWER_C and MULTIRESPONSE rejected by gap", async () => {
    const [geography, caseCounts, several, escapes] = await read("multianswer.xml");
    expect(inputOf(geography)).toMatchObject({
      questionText: "The capital of Germany is {1}.\n\nIt lies on the river {2}, about {3} km² large,\n\nand {4}.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: [{ text: "Berlin", credit: 100 }, { text: "Bonn", credit: 50 }], weight: 1 },
          { kind: "choice", choices: ["Rhine", "Spree", "Elbe"], answers: [{ text: "Spree", credit: 100 }], weight: 2 },
          { kind: "number", answers: [{ value: 891.8, credit: 100 }, { value: 950, credit: 50 }], tolerance: 10, weight: 1 },
          { kind: "choice", choices: ["in the east", "in the west"], answers: [{ text: "in the east", credit: 100 }], weight: 1 },
        ],
      },
    });
    expect(caseCounts).toEqual({ number: 2, problems: [{ code: "moodleXmlClozeGap", values: { gap: 1, type: "SHORTANSWER_C" } }] });
    expect(several).toEqual({ number: 3, problems: [{ code: "moodleXmlClozeGap", values: { gap: 1, type: "MULTIRESPONSE" } }] });
    expect(inputOf(escapes)).toMatchObject({ questionText: "Type the set {1}.", answerKey: { gaps: [{ kind: "text", answers: [{ text: "{1, 2}", credit: 100 }, { text: "*", credit: 0 }] }] } });
    valid(geography);
    valid(escapes);
  });

  it("essay: word limits, grader information, response template; an essay of attachments only is rejected", async () => {
    const [holidays, upload] = await read("essay.xml");
    expect(inputOf(holidays)).toMatchObject({
      optionType: "essay",
      answerKey: { minWords: 50, maxWords: 300, graderInfo: "<p>Look for <strong>past tenses</strong>.</p>", responseTemplate: "<p>Last summer I…</p>" },
      defaultMark: 10,
      answerExplaination: "<p>Any honest account will do.</p>",
    });
    expect(upload).toEqual({ number: 2, problems: [{ code: "moodleXmlEssayAttachments" }] });
    valid(holidays);
  });

  it("reads Moodle 1.9's dialect: escaped HTML without a format, fractions as tags, answers without <text>, localised true/false, tags as plain text", async () => {
    const [choice, trueFalse, short] = await read("old-dialect.xml");
    expect(inputOf(choice)).toMatchObject({
      questionText: "Which planet is red?",
      optionType: "radio",
      options: [
        { optionText: "Mars", optionStatus: true },
        { optionText: "Venus", optionStatus: false },
      ],
      tags: ["planets", "astronomy"],
    });
    expect(inputOf(choice)).not.toHaveProperty("questionImage");
    expect(inputOf(trueFalse)).toMatchObject({ options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] });
    expect(inputOf(short)).toMatchObject({ answerKey: { answers: [{ text: "Mars", credit: 100 }] } });
    for (const candidate of [choice, trueFalse, short]) valid(candidate);
  });

  it("description and types that are not ours are rejected questions with their reason, category markers are not counted", async () => {
    expect(await read("description.xml")).toEqual([
      { number: 1, problems: [{ code: "moodleXmlDescription" }] },
      { number: 2, problems: [{ code: "moodleXmlUnsupported", values: { type: "calculated" } }] },
    ]);
  });

  it("images: the @@PLUGINFILE@@ file (URL-encoded name) and the 1.x image tag are carried as the question's image; two images, an image elsewhere are rejected", async () => {
    const [flag, oldTag, two, elsewhere, script] = await read("images.xml");
    expect(inputOf(flag)).toMatchObject({ questionText: "Which colour is the square?", questionImage: "import-file:0" });
    expect("files" in flag && flag.files).toEqual([{ ref: "import-file:0", name: "red square.png", contentType: "image/png", bytes: expect.any(Uint8Array) }]);
    const bytes = "files" in flag ? flag.files![0].bytes : new Uint8Array();
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(inputOf(oldTag)).toMatchObject({ questionImage: "import-file:0" });
    expect("files" in oldTag && oldTag.files![0].name).toBe("square.png");
    expect(two).toEqual({ number: 3, problems: [{ code: "moodleXmlImages", values: { count: 2 } }] });
    expect(elsewhere).toEqual({ number: 4, problems: [{ code: "importFileMissing", values: { name: "https://example.org/cat.png" } }] });
    // Its bytes are no image: the upload's check at storing rejects it (import-files.test.ts).
    expect("files" in script && script.files![0].name).toBe("note.png");
  });
});

describe("Moodle XML, bad input", () => {
  it("refuses a file declaring entities (a bomb, an external entity) whole, without expanding or fetching anything", async () => {
    for (const name of ["bomb.xml", "external-entity.xml"]) expect(await refusal(fixture(name))).toMatchObject({ status: 400, code: expect.stringContaining("declares XML entities") });
  });

  it("reads a DOCTYPE naming only an external DTD without fetching it; an undeclared entity stays as written", async () => {
    const [question] = await read("doctype-external.xml");
    expect(inputOf(question).questionText).toBe("Undeclared &unknown; stays as written.");
  });

  it("refuses XML that is not Moodle's and a text that is no XML, with a clear 400", async () => {
    expect(await refusal(fixture("not-moodle.xml"))).toMatchObject({ status: 400, code: expect.stringContaining("no <quiz> element") });
    expect(await refusal(fixture("not-xml.xml"))).toMatchObject({ status: 400, code: expect.stringContaining("not well-formed XML") });
  });

  it("refuses 10,001 questions before parsing, with the CSV's cap and message", async () => {
    const one = '<question type="truefalse"><questiontext><text>t</text></questiontext><answer fraction="100"><text>true</text></answer></question>\n';
    const text = `<?xml version="1.0"?><quiz><question type="category"><category><text>$course$/x</text></category></question>${one.repeat(10_001)}</quiz>`;
    expect(await refusal(text)).toMatchObject({ status: 400, code: expect.stringContaining("at most 10,000 questions; this one has 10,001") });
    expect(await parseMoodleXml(`<quiz>${one.repeat(3)}</quiz>`, place)).toHaveLength(3);
  });

  it("rejects an image whose base64 claims more than an upload may hold, before decoding it", async () => {
    const huge = "A".repeat(Math.ceil(((MAX_UPLOAD_BYTES + 1) * 4) / 3) + 4);
    const text = `<quiz><question type="shortanswer"><questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/big.png">]]></text><file name="big.png" encoding="base64">${huge}</file></questiontext><answer fraction="100"><text>x</text></answer></question></quiz>`;
    expect(await parseMoodleXml(text, place)).toEqual([{ number: 1, problems: [{ code: "importFileTooLarge", values: { name: "big.png", max: "5 MB" } }] }]);
  });

  it("keeps no script of any text field: the text's scripts are dropped, HTML fields sanitised by the rules, plain fields stay text", async () => {
    const candidates = await read("script-everywhere.xml");
    const { executableFields } = await import("../../../test-support/executable-markup");
    for (const candidate of candidates.filter((one) => "input" in one)) {
      const result = validateQuestion(inputOf(candidate));
      if (!result.success) continue;
      expect(executableFields(result.data), JSON.stringify(result.data)).toEqual({});
      expect(result.data.questionText).not.toMatch(/alert/);
    }
    expect(inputOf(candidates[0])).toMatchObject({ questionText: "Pick one", options: [{ optionText: "Right" }, { optionText: "Wrong" }] });
    // An image that is no file of the export (here one that would run a script) is never fetched or kept.
    expect(candidates[2]).toEqual({ number: 3, problems: [{ code: "importFileMissing", values: { name: "x" } }] });
    expect(candidates.filter((candidate) => "input" in candidate)).toHaveLength(3);
  });
});
