import { describe, expect, it } from "vitest";
import { KEYED_TYPES } from "../../../api/services/marking/question-types";
import { ANSWER_KEY_SCHEMAS } from "../../../api/services/marking/schemas";
import { validateQuestion } from "../../../api/services/questions/schemas";
import { blankKey, draftOf, keyToSend, type ClozeDraft } from "./answer-key-draft";
import { readQuestionForm } from "./question-form";

describe("the key forms' draft as the key the service checks", () => {
  it("reads typed numbers as JSON numbers (either decimal mark), leaves empty ones out and passes other text on to be refused", () => {
    const sent = keyToSend("numerical", { answers: [{ value: "9,81", tolerance: " 0.05 ", credit: "100" }], units: [{ unit: "m", multiplier: 1 }], unitRequired: false, unitPenalty: "" });
    expect(sent).toEqual({ answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }], units: [{ unit: "m", multiplier: 1 }], unitRequired: false });
    const refused = ANSWER_KEY_SCHEMAS.numerical.safeParse(keyToSend("numerical", { answers: [{ value: "nine", credit: 100 }], units: [], unitRequired: false, unitPenalty: 0 }));
    expect(refused.success).toBe(false);
  });

  it("splits a dropdown's choices into choices and the accepted answers (credit above 0), and reads them back", () => {
    const draft: ClozeDraft = { gaps: [{ kind: "choice", weight: "2", choices: [{ text: "red", credit: "100" }, { text: "blue", credit: 0 }, { text: "pink", credit: "50" }] }] };
    const sent = keyToSend("cloze", draft);
    expect(sent).toEqual({ gaps: [{ kind: "choice", weight: 2, choices: ["red", "blue", "pink"], answers: [{ text: "red", credit: 100 }, { text: "pink", credit: 50 }] }] });
    expect(draftOf("cloze", ANSWER_KEY_SCHEMAS.cloze.parse(sent))).toEqual({ gaps: [{ kind: "choice", weight: 2, choices: [{ text: "red", credit: 100 }, { text: "blue", credit: 0 }, { text: "pink", credit: 50 }] }] });
  });

  it("starts every keyed type with a blank key of its own shape", () => {
    for (const type of KEYED_TYPES) expect(keyToSend(type, blankKey(type)), type).toBeTypeOf("object");
    expect(ANSWER_KEY_SCHEMAS.essay.safeParse(keyToSend("essay", blankKey("essay"))).success).toBe(true);
  });

  it("travels through the form's hidden answerKey field and the default mark as typed", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ questionText: "Order them", optionType: "ordering", category: "M", course: "A", answerExplaination: "x", defaultMark: "2,5" })) form.set(name, value);
    form.set("answerKey", JSON.stringify(keyToSend("ordering", { items: ["a", "b"], grading: "relativeToNext" })));
    const values = readQuestionForm(form);
    expect(values).toMatchObject({ optionType: "ordering", defaultMark: 2.5, answerKey: { items: ["a", "b"], grading: "relativeToNext" } });
    expect(validateQuestion(values).success).toBe(true);
    form.set("answerKey", "{not json");
    form.set("defaultMark", "lots");
    const bad = validateQuestion(readQuestionForm(form));
    expect(bad.success ? {} : bad.errors).toMatchObject({ answerKey: { code: "ANSWER_KEY_SHAPE" }, defaultMark: { code: "ANSWER_KEY_DEFAULT_MARK" } });
  });
});
