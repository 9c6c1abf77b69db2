import { describe, expect, it } from "vitest";
import { validateQuestion } from "../../questions/schemas";
import { fixture, item, manifestOf, qtiPackage, TINY_PNG } from "./fixtures/build-package.node";
import type { ImportCandidate } from "../../imports/import-summary";
import { parseQti } from "./read-package";

/**
 * Issue 28 point 2: content packages of QTI 2.1, 2.2 and 3.0 items, hand-written from the IMS
 * specs (fixtures/), packaged in each test; every type read field by field, then checked by
 * the editor's own rules (validateQuestion), as the import does.
 */
const place = { category: "Science", course: "Physics" };
const read = async (...items: Parameters<typeof qtiPackage>) => parseQti(qtiPackage(...items), place);
const only = async (...items: Parameters<typeof qtiPackage>) => {
  const [candidate] = await read(...items);
  if (!("input" in candidate)) throw new Error(`rejected: ${JSON.stringify(candidate.problems)}`);
  const valid = validateQuestion(candidate.input);
  if (!valid.success) throw new Error(`refused by the rules: ${JSON.stringify(valid.errors)}`);
  return candidate as Extract<ImportCandidate, { input: unknown }> & { input: Record<string, unknown> };
};
const refusal = (bytes: Uint8Array) => parseQti(bytes, place).then(
  () => {
    throw new Error("the package was read");
  },
  (error: { code: string; params?: unknown; status: number }) => error,
);

/** Each near miss of a processing our export writes, packaged as items/near-<n>.xml: every one rejected as custom processing. */
async function expectEachCustomProcessing(nearMisses: { xml: string; type: string }[]) {
  const candidates = await read(nearMisses.map(({ xml, type }, i) => ({ href: `items/near-${i + 1}.xml`, xml, type })));
  expect(candidates).toEqual(nearMisses.map((_, i) => ({ number: i + 1, problems: [{ code: "qtiCustomProcessing", values: { item: `items/near-${i + 1}.xml` } }] })));
}

describe("QTI 2.1 and 2.2 items", () => {
  it("reads a choice with one right answer as radio, its image as a file of the question and its modal feedback as the explanation", async () => {
    const candidate = await only([item("v2p1-choice-image.xml", ["items/images/planet.png"])], { "items/images/planet.png": TINY_PNG });
    expect(candidate.input).toEqual({
      questionText: "Look at the picture & answer.\n\nWhich planet is called the red planet?",
      optionType: "radio",
      options: [
        { optionText: "Venus", optionStatus: false },
        { optionText: "Mars", optionStatus: true },
        { optionText: "Jupiter", optionStatus: false },
      ],
      questionImage: "import-file:0",
      category: "Science",
      course: "Physics",
      tags: [],
      answerExplaination: "<div><p>Iron oxide makes <b>Mars</b> red.</p></div>",
    });
    expect(candidate.files).toEqual([{ ref: "import-file:0", name: "planet.png", contentType: "image/png", bytes: TINY_PNG }]);
  });

  it("reads a choice of several right answers under map_response as checkbox, the right ones those the mapping credits", async () => {
    const { input } = await only([item("v2p1-choice-multiple.xml")]);
    expect(input).toMatchObject({
      questionText: "Which of these numbers are prime?",
      optionType: "checkbox",
      options: [
        { optionText: "2", optionStatus: true },
        { optionText: "3", optionStatus: true },
        { optionText: "4", optionStatus: false },
      ],
      answerExplaination: "<p>Correct answer: 2; 3</p>",
    });
  });

  it("reads a text entry with a mapping as a short answer: each mapped value as a credit of the best, letter case as the entries say", async () => {
    const { input } = await only([item("v2p1-text-entry.xml")]);
    expect(input).toMatchObject({
      questionText: "The capital of France is _____.",
      optionType: "shortAnswer",
      options: [],
      answerKey: { answers: [{ text: "Paris", credit: 100 }, { text: "Lutetia", credit: 50 }], caseSensitive: false },
    });
  });

  it("reads a text entry of a float response (QTI 2.2) as numerical", async () => {
    const { input } = await only([item("v2p2-text-entry-number.xml")]);
    expect(input).toMatchObject({ questionText: "Give π to two decimal places: _____", optionType: "numerical", answerKey: { answers: [{ value: 3.14, tolerance: 0, credit: 100 }], units: [], unitRequired: false } });
  });

  it("reads an extended text (QTI 2.2) as an essay", async () => {
    const { input } = await only([item("v2p2-extended-text.xml")]);
    expect(input).toMatchObject({ questionText: "Describe the water cycle in your own words.", optionType: "essay", answerKey: {}, answerExplaination: "<p>Marked by a teacher.</p>" });
  });

  it("reads a match (QTI 2.2) as matching: the first set the stems, answers in no pair the distractors", async () => {
    const { input } = await only([item("v2p2-match.xml")]);
    expect(input).toMatchObject({
      questionText: "Match each country with its capital.",
      optionType: "matching",
      answerKey: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Germany", choice: "Berlin" }], distractors: ["Rome"] },
    });
  });

  it("reads an order (QTI 2.1) as ordering, the items in the correct response's order", async () => {
    const { input } = await only([item("v2p1-order.xml")]);
    expect(input).toMatchObject({ questionText: "Put the planets in order from the Sun.", optionType: "ordering", answerKey: { items: ["Mercury", "Venus", "Earth"], grading: "allOrNothing" } });
  });

  it("reads an inline choice and a text entry in a QTI 2.2 text as cloze gaps, the mapping's values as credits", async () => {
    const { input } = await only([item("v2p2-inline-choice.xml")]);
    expect(input).toMatchObject({
      questionText: "Now is the {1} of our discontent, made glorious summer by this sun of {2}.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "choice", choices: ["winter", "summer"], answers: [{ text: "winter", credit: 100 }] },
          { kind: "text", answers: [{ text: "York", credit: 100 }, { text: "Yorke", credit: 50 }] },
        ],
      },
    });
  });

  it("reads a QTI 3.0 qti-mapping (map-key, mapped-value) under the 3.0 map_response template", async () => {
    const mapped = fixture("v3p0-text-entry.xml")
      .replace("</qti-correct-response>", '</qti-correct-response><qti-mapping default-value="0"><qti-map-entry map-key="Au" mapped-value="4"/><qti-map-entry map-key="AU" mapped-value="1"/></qti-mapping>')
      .replace("rptemplates/match_correct.xml", "rptemplates/map_response.xml");
    const { input } = await only([{ href: "items/mapped.xml", xml: mapped, type: "imsqti_item_xmlv3p0" }]);
    expect(input).toMatchObject({ optionType: "shortAnswer", answerKey: { answers: [{ text: "Au", credit: 100 }, { text: "AU", credit: 25 }], caseSensitive: true } });
  });
});

describe("QTI 3.0 items (qti-* names)", () => {
  it("reads a choice with an image in another folder of the package", async () => {
    const candidate = await only([item("v3p0-choice-image.xml", ["media/kettle.png"])], { "media/kettle.png": TINY_PNG });
    expect(candidate.input).toMatchObject({
      questionText: "The kettle in the picture is boiling.\n\nAt what temperature does water boil at sea level?",
      optionType: "radio",
      options: [
        { optionText: "90 °C", optionStatus: false },
        { optionText: "100 °C", optionStatus: true },
        { optionText: "110 °C", optionStatus: false },
      ],
      questionImage: "import-file:0",
      answerExplaination: "<div><p>At 1 atm water boils at 100 °C.</p></div>",
    });
    expect(candidate.files?.[0]).toMatchObject({ name: "kettle.png", contentType: "image/png" });
  });

  it("reads exactly the choices True and False as trueFalse", async () => {
    const { input } = await only([item("v3p0-true-false.xml")]);
    expect(input).toMatchObject({ questionText: "The Sun orbits the Earth.", optionType: "trueFalse", options: [{ optionText: "True", optionStatus: false }, { optionText: "False", optionStatus: true }] });
  });

  it("reads a text entry, an extended text, a match and an order", async () => {
    const candidates = await read([item("v3p0-text-entry.xml"), item("v3p0-extended-text.xml"), item("v3p0-match.xml"), item("v3p0-order.xml")]);
    const inputs = candidates.map((candidate) => ("input" in candidate ? candidate.input : candidate.problems));
    expect(inputs).toMatchObject([
      { questionText: "The chemical symbol of gold is _____.", optionType: "shortAnswer", answerKey: { answers: [{ text: "Au", credit: 100 }], caseSensitive: true } },
      { questionText: "Why do seasons happen?", optionType: "essay", answerKey: {} },
      { questionText: "What does each animal eat?", optionType: "matching", answerKey: { pairs: [{ stem: "Cow", choice: "Grass" }, { stem: "Cat", choice: "Mice" }], distractors: ["Rocks"] } },
      { questionText: "Put these numbers from smallest to largest.", optionType: "ordering", answerKey: { items: ["one", "two", "three"] } },
    ]);
    for (const candidate of candidates) expect(validateQuestion((candidate as { input: unknown }).input).success).toBe(true);
  });

  it("reads text entries and an inline choice inside the text as a cloze: a text gap, a dropdown gap and a number gap in place", async () => {
    const { input } = await only([item("v3p0-inline-cloze.xml")]);
    expect(input).toMatchObject({
      questionText: "Water is made of {1} and oxygen, with {2} hydrogen atoms per molecule; it boils at {3} °C.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: [{ text: "hydrogen", credit: 100 }], weight: 1 },
          { kind: "choice", choices: ["one", "two", "three"], answers: [{ text: "two", credit: 100 }], weight: 1 },
          { kind: "number", answers: [{ value: 100, credit: 100 }], tolerance: 0, weight: 1 },
        ],
      },
    });
  });

  it("reads a gap match as dropdown gaps offering every gap text", async () => {
    const { input } = await only([item("v3p0-gap-match.xml")]);
    expect(input).toMatchObject({
      questionText: "Fill in the seasons.\n\nSnow falls in {1} and the days are longest in {2}.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "choice", choices: ["winter", "summer", "autumn"], answers: [{ text: "winter", credit: 100 }] },
          { kind: "choice", choices: ["winter", "summer", "autumn"], answers: [{ text: "summer", credit: 100 }] },
        ],
      },
    });
  });
});

describe("the two written-out processings our QTI export writes (ADR 0084 addendum)", () => {
  it("reads a chain of qti-equal with an absolute tolerance (QTI 3.0) as numerical: each value, its tolerance and its credit, first within wins", async () => {
    const { input } = await only([item("v3p0-numerical-tolerance.xml")]);
    expect(input).toMatchObject({
      questionText: "Free fall acceleration in m/s²: _____",
      optionType: "numerical",
      answerKey: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }, { value: 10, tolerance: 0.5, credit: 50 }], units: [], unitRequired: false },
      answerExplaination: "<p>Correct answer: 9.81 ± 0.05</p>",
    });
  });

  it("reads SCORE as a sum of weighted mapResponse (QTI 2.2) as a cloze: each gap's credits from its mapping, the weights in the shares' proportions", async () => {
    const { input } = await only([item("v2p2-cloze-weighted.xml")]);
    expect(input).toMatchObject({
      questionText: "Table salt is {1} chloride, an {2} compound.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: [{ text: "sodium", credit: 100 }, { text: "Na", credit: 50 }], weight: 1 },
          { kind: "choice", choices: ["acid", "ionic"], answers: [{ text: "ionic", credit: 100 }], weight: 2 },
        ],
      },
    });
  });

  it("also as our export writes an item: the resource's LOM keywords are its tags, MAXSCORE its default mark (one our marks do not take left out), a text entry alone in its paragraph leaves no blank", async () => {
    const lone = fixture("v3p0-numerical-tolerance.xml")
      .replace("<p>Free fall acceleration in m/s²: <qti-text-entry", "<p>Free fall acceleration in m/s²?</p>\n    <p> <qti-text-entry")
      .replace('<qti-outcome-declaration identifier="SCORE"', '<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>1.5</qti-value></qti-default-value></qti-outcome-declaration><qti-outcome-declaration identifier="SCORE"');
    const keywords = '<metadata><lom xmlns="http://ltsc.ieee.org/xsd/LOM"><general><keyword><string>physics</string></keyword><keyword><string>x&lt;y</string></keyword></general></lom></metadata>';
    const items = [
      { href: "items/lone.xml", xml: lone, type: "imsqti_item_xmlv3p0" },
      { href: "items/huge.xml", xml: lone.replace("<qti-value>1.5</qti-value>", "<qti-value>250</qti-value>"), type: "imsqti_item_xmlv3p0" },
    ];
    const manifest = manifestOf(items).replace('href="items/lone.xml">', `href="items/lone.xml">${keywords}`);
    const [first, second] = await parseQti(qtiPackage(items, {}, manifest), place);
    expect(first).toMatchObject({ input: { questionText: "Free fall acceleration in m/s²?", optionType: "numerical", defaultMark: 1.5, tags: ["physics", "x<y"] } });
    expect(validateQuestion((first as { input: unknown }).input).success).toBe(true);
    expect(second).toMatchObject({ input: { tags: [] } });
    expect(second).not.toHaveProperty("input.defaultMark");
  });

  it("reads a cloze whose number gap a tolerance chain scores into its own outcome (QTI 3.0, as our export writes it): the gap's values, credits and one tolerance, the weights from the sum", async () => {
    const { input } = await only([item("v3p0-cloze-tolerance.xml")]);
    expect(input).toMatchObject({
      questionText: "Pure {1} boils at {2} °C at sea level.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: [{ text: "water", credit: 100 }], weight: 1 },
          { kind: "number", answers: [{ value: 100, credit: 100 }, { value: 212, credit: 50 }], tolerance: 0.5, weight: 3 },
        ],
      },
    });
  });

  it("a near miss of the tolerance gap's shape is custom processing, rejected: a gap chain the sum never reads, one setting SCORE, values of different tolerances, a chain on a text gap", async () => {
    const cloze = fixture("v3p0-cloze-tolerance.xml");
    const nearMisses = [
      cloze.replace('<qti-variable identifier="GAP_2"/>', '<qti-map-response identifier="RESPONSE_2"/>'),
      cloze.replaceAll('<qti-set-outcome-value identifier="GAP_2">', '<qti-set-outcome-value identifier="SCORE">'),
      cloze.replace('tolerance="0.5 0.5">\n          <qti-variable identifier="RESPONSE_2"/>\n          <qti-base-value base-type="float">212', 'tolerance="2 2">\n          <qti-variable identifier="RESPONSE_2"/>\n          <qti-base-value base-type="float">212'),
      cloze.replace('identifier="RESPONSE_2" cardinality="single" base-type="float"', 'identifier="RESPONSE_2" cardinality="single" base-type="string"'),
    ];
    expect(nearMisses.every((xml) => xml !== cloze)).toBe(true);
    await expectEachCustomProcessing(nearMisses.map((xml) => ({ xml, type: "imsqti_item_xmlv3p0" })));
  });

  it("a near miss of either shape is still custom processing, rejected: a relative or lopsided tolerance, an else branch, a gap left out of the sum or a term added", async () => {
    const tolerance = fixture("v3p0-numerical-tolerance.xml");
    const cloze = fixture("v2p2-cloze-weighted.xml");
    const secondProduct = /<product><baseValue[^]*?<\/product>/;
    const nearMisses = [
      tolerance.replace('tolerance-mode="absolute" tolerance="0.05 0.05"', 'tolerance-mode="relative" tolerance="0.05 0.05"'),
      tolerance.replace('tolerance="0.05 0.05"', 'tolerance="0.05 0.1"'),
      tolerance.replace("</qti-response-else-if>", '</qti-response-else-if><qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0.1</qti-base-value></qti-set-outcome-value></qti-response-else>'),
      cloze.replace(secondProduct, ""),
      cloze.replace("</sum>", '<baseValue baseType="float">1</baseValue></sum>'),
    ];
    expect(nearMisses.every((xml, i) => xml !== [tolerance, tolerance, tolerance, cloze, cloze][i])).toBe(true);
    await expectEachCustomProcessing(nearMisses.map((xml, i) => ({ xml, type: i < 3 ? "imsqti_item_xmlv3p0" : "imsqti_item_xmlv2p2" })));
  });
});

describe("items that cannot be questions: rejected with the reason and the item's path, the others read", () => {
  it("custom processing, adaptive items, templates, PCI, other interactions, and a gap match with an image gap", async () => {
    const gapImage = fixture("v3p0-gap-match.xml").replace('<qti-gap-text identifier="A" match-max="1">autumn</qti-gap-text>', '<qti-gap-img identifier="A" match-max="1"><img src="a.png" alt="autumn"/></qti-gap-img>');
    const candidates = await read([
      item("v2p1-custom-processing.xml"),
      item("v2p1-adaptive.xml"),
      item("v2p1-template.xml"),
      item("v3p0-pci.xml"),
      item("v2p1-hotspot.xml"),
      { href: "items/gap-image.xml", xml: gapImage, type: "imsqti_item_xmlv3p0" },
      item("v3p0-true-false.xml"),
    ]);
    expect(candidates).toEqual([
      { number: 1, problems: [{ code: "qtiCustomProcessing", values: { item: "items/v2p1-custom-processing.xml" } }] },
      { number: 2, problems: [{ code: "qtiAdaptive", values: { item: "items/v2p1-adaptive.xml" } }] },
      { number: 3, problems: [{ code: "qtiTemplate", values: { item: "items/v2p1-template.xml" } }] },
      { number: 4, problems: [{ code: "qtiPci", values: { item: "items/v3p0-pci.xml" } }] },
      { number: 5, problems: [{ code: "qtiUnsupportedInteraction", values: { item: "items/v2p1-hotspot.xml", interaction: "sliderInteraction" } }] },
      { number: 6, problems: [{ code: "qtiGapMatchUnmapped", values: { item: "items/gap-image.xml" } }] },
      expect.objectContaining({ number: 7, input: expect.objectContaining({ optionType: "trueFalse" }) }),
    ]);
  });

  it("an image the item shows but the package lacks rejects that item; broken XML rejects its item with the parser's words", async () => {
    const candidates = await read([item("v2p1-choice-image.xml"), { href: "items/broken.xml", xml: "<assessmentItem><itemBody></assessmentItem>", type: "imsqti_item_xmlv2p1" }]);
    expect(candidates[0]).toEqual({ number: 1, problems: [{ code: "qtiMissingImage", values: { item: "items/v2p1-choice-image.xml", name: "images/planet.png" } }] });
    expect(candidates[1]).toMatchObject({ number: 2, problems: [{ code: "qtiUnreadable", values: { item: "items/broken.xml", detail: expect.stringContaining("itemBody") } }] });
  });

  it("script in every text field never reaches the question: dropped from the text, the options and the explanation", async () => {
    const { input } = await only([item("v3p0-scripts.xml")]);
    const valid = validateQuestion(input);
    expect(valid.success).toBe(true);
    const stored = JSON.stringify(valid.success ? valid.data : null);
    expect(stored).not.toMatch(/script|alert|onclick|display:none/);
    expect(input).toMatchObject({ questionText: "Safe text\n\nWhich is right?", options: [{ optionText: "Right" }, { optionText: "Wrong" }] });
  });
});

describe("packages refused as a whole (400 on the file, nothing stored)", () => {
  it("a manifest naming a file the package does not hold", async () => {
    const bytes = qtiPackage([item("v2p1-choice-image.xml", ["items/images/planet.png"])]);
    expect(await refusal(bytes)).toMatchObject({ status: 400, code: "QTI_MISSING_FILE", params: { name: "items/images/planet.png" } });
  });

  it("no manifest, a manifest of no items, a ZIP that is something else (a Word file's shape)", async () => {
    const { zipSync } = await import("fflate");
    expect(await refusal(zipSync({ "word/document.xml": new TextEncoder().encode("<w:document/>"), "[Content_Types].xml": new TextEncoder().encode("<Types/>") }))).toMatchObject({ code: "QTI_NO_MANIFEST" });
    expect(await refusal(qtiPackage([], {}, '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources><resource identifier="t" type="imsqti_test_xmlv2p1" href="t.xml"/></resources></manifest>'))).toMatchObject({ code: "QTI_NO_ITEMS" });
    expect(await refusal(new TextEncoder().encode("questionText,optionType\n"))).toMatchObject({ code: "ZIP_NOT_A_ZIP" });
  });

  it("an item declaring entities (an XML bomb, an external entity): never expanded, the package refused", async () => {
    for (const name of ["entity-bomb.xml", "external-entity.xml"]) {
      expect(await refusal(qtiPackage([{ ...item(name), type: "imsqti_item_xmlv2p1" }]))).toMatchObject({ status: 400, code: "QTI_XML_ENTITIES" });
    }
    const manifestBomb = `<!DOCTYPE manifest [<!ENTITY a "aaaa">]><manifest>&a;</manifest>`;
    expect(await refusal(qtiPackage([], {}, manifestBomb))).toMatchObject({ code: "QTI_XML_ENTITIES" });
  });

  it("a path that climbs out of the package", async () => {
    expect(await refusal(qtiPackage([item("v3p0-true-false.xml")], { "../../evil.sh": new Uint8Array([1]) }))).toMatchObject({ code: "ZIP_UNSAFE_PATH" });
  });
});
