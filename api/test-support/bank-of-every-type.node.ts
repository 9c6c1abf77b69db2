import type { TestBed } from "./test-bed.node";

/** A PNG signature and the start of its header: what the upload's sniffing takes as an image (content-check.ts). */
export const TINY_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 7, 7, 7]);

/** Uploads bytes as `who` to a folder through /files/upload; the stored key. */
export async function uploadBytes(bed: Pick<TestBed, "app" | "services">, headers: Record<string, string>, bytes: Uint8Array, name: string, folder: "question-images" | "csv-uploads"): Promise<string> {
  const body = new FormData();
  body.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  body.set("folder", folder);
  const res = await bed.app.request("/files/upload", { method: "POST", body, headers });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}

const explanation = "<p>Because <strong>it is</strong> so: a = b &amp; c.</p>";

/**
 * One question of every type, with texts that need escaping in every format (`{ } = ~ # : < & "`),
 * tags, marks other than 1, and (on the radio question) an image: the bank the round trips carry.
 * GIFT-only tests drop what GIFT cannot hold (see the round-trip test).
 */
export function everyTypeBodies(place: { category: string; course: string }, questionImage: string | null): Record<string, unknown>[] {
  const common = { ...place, tags: ["round trip", "x<y"], answerExplaination: explanation };
  return [
    {
      ...common,
      questionText: 'Which is 2 + 2?\nMind the signs: {a} = ~b #c "d" <e> & f',
      optionType: "radio",
      defaultMark: 2,
      questionImage,
      options: [
        { optionText: "3", optionStatus: false },
        { optionText: "4 = four", optionStatus: true },
        { optionText: "5 {five}", optionStatus: false },
      ],
    },
    {
      ...common,
      questionText: "Pick the primes.",
      optionType: "checkbox",
      options: [
        { optionText: "2", optionStatus: true },
        { optionText: "3", optionStatus: true },
        { optionText: "4", optionStatus: false },
      ],
    },
    { ...common, questionText: "The earth is round.", optionType: "trueFalse", options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] },
    { ...common, questionText: "Capital of France?", optionType: "shortAnswer", defaultMark: 1.5, answerKey: { answers: [{ text: "Paris", credit: 100 }, { text: "Par*", credit: 50 }], caseSensitive: false } },
    {
      ...common,
      questionText: "g on earth (m/s²)?",
      optionType: "numerical",
      answerKey: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }, { value: 10, tolerance: 0, credit: 50 }, { value: 0.0000001, tolerance: 0, credit: 10 }], units: [], unitRequired: false },
    },
    {
      ...common,
      questionText: "Match each country to its capital.",
      optionType: "matching",
      answerKey: { pairs: [{ stem: "France: west", choice: "Paris = capital" }, { stem: "Italy", choice: "Rome" }], distractors: ["Lyon"] },
    },
    { ...common, questionText: "Smallest first.", optionType: "ordering", answerKey: { items: ["1", "2", "4"], grading: "relativeToNext" } },
    {
      ...common,
      questionText: "Paris is in {1}; 2 + 2 = {2}; pick {3}.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: [{ text: "France", credit: 100 }], weight: 1 },
          { kind: "number", answers: [{ value: 4, credit: 100 }], tolerance: 0.5, weight: 2 },
          { kind: "choice", choices: ["red", "blue"], answers: [{ text: "red", credit: 100 }], weight: 1 },
        ],
      },
    },
    { ...common, questionText: "Explain photosynthesis.", optionType: "essay", answerKey: {} },
  ];
}

/** Adds the bank through the real editor route (POST /question), as a teacher would. */
export async function addQuestions(bed: Pick<TestBed, "post">, who: Parameters<TestBed["post"]>[0], bodies: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const body of bodies) {
    const res = await bed.post(who, "/question", body);
    if (res.status !== 201) throw new Error(`adding ${String(body.optionType)} answered ${res.status}: ${JSON.stringify(res.body)}`);
    ids.push(res.body.entity.id);
  }
  return ids;
}
