import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "../api/services/imports/csv-template";
import { createImportBed, importFile } from "../api/test-support/import-file.node";
import { createNodeExecutionContext } from "./background-work.node";
import { startImportParsePool } from "./import-parse-pool.node";

/**
 * Issue 26 point 8: a GIFT file of every form and a CSV of the typed questions, parsed in the
 * import thread as production parses them (server/import-parse-pool.node.ts), imported through
 * POST /giftquestion and /csvquestion and read back through the author's API, field by field.
 */
const pool = startImportParsePool();
afterAll(() => pool.close());

const FIXTURE = readFileSync(new URL("../api/services/imports/fixtures/every-type.gift", import.meta.url), "utf8");
const choices = (right: string, ...texts: string[]) => texts.map((optionText) => ({ optionText, optionStatus: optionText === right }));

type Entity = Record<string, unknown>;
const options = (entity: Entity) => (entity.options as { optionText: string; optionStatus: boolean }[]).map(({ optionText, optionStatus }) => ({ optionText, optionStatus }));

/** A teacher of a fresh school with the bank Science › Physics, importing as the Node server does: parsed in the thread, stored after the 202. */
async function importThroughThread(path: "/giftquestion" | "/csvquestion", content: string, fileName: string) {
  const background = createNodeExecutionContext();
  const bank = { category: "Science", course: "Physics" };
  const { app, auth } = await createImportBed({ parseImport: (job) => pool.run(job), bank });
  const json = (body: unknown) => ({ method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) });

  const accepted = await importFile({ app, auth, background }, path, content, { name: fileName, bank });
  expect(accepted.status).toBe(202);
  const { importId } = (await accepted.json()) as { importId: number };
  await background.drain();
  const summary = (await (await app.request(`/questionImports/${importId}`, { headers: auth })).json()) as Entity;

  const listed = (await (await app.request("/question/findAll", json({ queryParams: { filter: { category: "Science", course: "Physics" }, pageSize: 50 } }))).json()) as { entities: { questionId: number; questionText: string }[] };
  /** The author's read of one question (POST /question/findOne), found by its text. */
  const read = async (text: string) => {
    const found = listed.entities.find((entity) => entity.questionText === text);
    expect(found, text).toBeDefined();
    const res = await app.request("/question/findOne", json({ questionId: found!.questionId }));
    expect(res.status).toBe(200);
    return (await res.json()) as Entity;
  };
  return { summary, read };
}

describe("a GIFT file of every type through the import thread", () => {
  it("stores each form as its type, the description rejected with its reason, and the author reads back every field", async () => {
    const { summary, read } = await importThroughThread("/giftquestion", FIXTURE, "every-type.gift");
    expect(summary).toMatchObject({ status: "done", total: 15, imported: 14, rejectedCount: 1, rejected: [{ number: 15, problems: [{ code: "giftDescription", values: { line: 32 } }] }] });

    const sun = await read("The sun rises in the east.");
    expect(sun).toMatchObject({ optionType: "trueFalse", answerKey: null, defaultMark: 1, category: "Science", course: "Physics", tags: [], answerExplaination: "<p>Correct answer: True</p>" });
    expect(options(sun)).toEqual(choices("True", "True", "False"));
    const water = await read("Water boils at 50 °C at sea level.");
    expect(options(water)).toEqual(choices("False", "True", "False"));
    expect(water.answerExplaination).toBe("<p>Correct answer: False</p><p>Right: 100 °C, not 50.</p>");
    expect(options(await read("Water is wet."))).toEqual(choices("True", "True", "False"));
    expect(options(await read("Ice floats on water."))).toEqual(choices("False", "True", "False"));

    expect(await read("Name the largest planet.")).toMatchObject({
      optionType: "shortAnswer",
      options: [],
      answerKey: { answers: [{ text: "Jupiter", credit: 100 }, { text: "Saturn", credit: 50 }], caseSensitive: false },
      answerExplaination: "<p>Correct answer: Jupiter</p>",
    });
    expect(await read("Two plus two equals _____.")).toMatchObject({ optionType: "shortAnswer", answerKey: { answers: [{ text: "four", credit: 100 }, { text: "4", credit: 100 }] } });
    expect(await read("What is pi to two decimals?")).toMatchObject({ optionType: "numerical", answerKey: { answers: [{ value: 3.14, tolerance: 0.005, credit: 100 }], units: [], unitRequired: false } });
    expect(await read("Give a whole number from 1 to 5.")).toMatchObject({ optionType: "numerical", answerKey: { answers: [{ value: 3, tolerance: 2, credit: 100 }] } });
    expect(await read("What is pi?")).toMatchObject({
      optionType: "numerical",
      answerKey: {
        answers: [
          { value: 3.14, tolerance: 0.005, credit: 100 },
          { value: 3.1, tolerance: 0.1, credit: 50 },
        ],
      },
    });
    expect(await read("Match the capitals.")).toMatchObject({
      optionType: "matching",
      answerKey: {
        pairs: [
          { stem: "Canada", choice: "Ottawa" },
          { stem: "Italy", choice: "Rome" },
          { stem: "Japan", choice: "Tokyo" },
        ],
        distractors: ["Paris"],
      },
      answerExplaination: "<p>Correct answer: Canada → Ottawa; Italy → Rome; Japan → Tokyo</p>",
    });
    expect(await read("Describe the water cycle.")).toMatchObject({ optionType: "essay", options: [], answerKey: { graderInfo: "", responseTemplate: "" }, answerExplaination: "<p>Marked by a teacher.</p>" });
    const missingWord = await read("Moodle costs _____ to download.");
    expect(missingWord.optionType).toBe("radio");
    expect(options(missingWord)).toEqual(choices("nothing", "lots of money", "nothing", "a small amount"));
    expect(await read("What is **2 + 3**?")).toMatchObject({ optionType: "shortAnswer", answerExplaination: "Two and three make *five*." });
    expect(await read("Escaped marks { } ~ = # : stay text.")).toMatchObject({ answerKey: { answers: [{ text: "a:b", credit: 100 }] } });
  }, 60_000);
});

describe("a CSV of the typed questions through the import thread", () => {
  it("stores trueFalse, shortAnswer and numerical rows beside a radio row, rejects a bad one by its column, and the author reads back every field", async () => {
    const rows = [
      [...CSV_COLUMNS],
      ["Two and two?", "radio", "3", "4", "", "", "", "2", "Science", "Physics", "sums", "Four.", "", "", "", ""],
      ["Light is a wave.", "trueFalse", "", "", "", "", "", "True", "Science", "Physics", "light", "And a particle.", "", "", "", ""],
      ["Largest planet?", "shortAnswer", "Jupiter", "Saturn", "", "", "", "", "Science", "Physics", "", "Jupiter.", "100;50", "", "", "yes"],
      ["Speed of light in km/s?", "numerical", "300000", "299792", "", "", "", "", "Science", "Physics", "", "About 300,000 km/s.", "50;100", "1000;1", "km/s=1;m/s=1000", ""],
      ["Bad numbers?", "numerical", "many", "", "", "", "", "", "Science", "Physics", "", "None.", "", "", "", ""],
    ];
    const { summary, read } = await importThroughThread("/csvquestion", Papa.unparse(rows), "typed.csv");
    expect(summary).toMatchObject({ status: "done", total: 5, imported: 4, rejectedCount: 1, rejected: [{ number: 6, problems: [expect.objectContaining({ column: "option1" })] }] });

    expect(await read("Two and two?")).toMatchObject({ optionType: "radio", answerKey: null, tags: ["sums"] });
    const light = await read("Light is a wave.");
    expect(light).toMatchObject({ optionType: "trueFalse", answerKey: null, tags: ["light"], answerExplaination: "And a particle.", category: "Science", course: "Physics", defaultMark: 1 });
    expect(options(light)).toEqual(choices("True", "True", "False"));
    expect(await read("Largest planet?")).toMatchObject({ optionType: "shortAnswer", options: [], answerKey: { answers: [{ text: "Jupiter", credit: 100 }, { text: "Saturn", credit: 50 }], caseSensitive: true } });
    expect(await read("Speed of light in km/s?")).toMatchObject({
      optionType: "numerical",
      options: [],
      answerKey: {
        answers: [
          { value: 300000, tolerance: 1000, credit: 50 },
          { value: 299792, tolerance: 1, credit: 100 },
        ],
        units: [
          { unit: "km/s", multiplier: 1 },
          { unit: "m/s", multiplier: 1000 },
        ],
        unitRequired: false,
      },
    });
  }, 60_000);
});
