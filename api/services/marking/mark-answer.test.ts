import { describe, expect, it } from "vitest";
import { markAnswer, type MarkingQuestion } from "./mark-answer";

const shortAnswer: MarkingQuestion = { optionType: "shortAnswer", answerKey: { answers: [{ text: "Paris", credit: 100 }, { text: "Par*", credit: 40 }], caseSensitive: false } };

describe("markAnswer: one entry point for every type", () => {
  it("says yes for the full mark, partial between, no for nothing earned", () => {
    expect(markAnswer(shortAnswer, { text: "paris" })).toEqual({ fraction: 1, status: "yes", answered: true });
    expect(markAnswer(shortAnswer, { text: "Parys" })).toEqual({ fraction: 0.4, status: "partial", answered: true });
    expect(markAnswer(shortAnswer, { text: "Lyon" })).toEqual({ fraction: 0, status: "no", answered: true });
  });

  it("marks nothing saved, an empty answer, or an answer of another shape as not answered, never throwing", () => {
    const unanswered = { fraction: 0, status: "no", answered: false };
    for (const answer of [undefined, null, { text: "  " }, [1, 2], "Paris", 42, { html: "Paris" }]) expect(markAnswer(shortAnswer, answer), JSON.stringify(answer)).toEqual(unanswered);
    expect(markAnswer({ optionType: "radio", correctOptionIds: [3] }, [])).toEqual(unanswered);
    expect(markAnswer({ optionType: "radio", correctOptionIds: [3] }, ["3"])).toEqual(unanswered);
    expect(markAnswer({ optionType: "ordering", answerKey: { items: ["a", "b"], grading: "allOrNothing" } }, { order: [] })).toEqual(unanswered);
  });

  it("grades choice types by today's rule and the others by theirs", () => {
    expect(markAnswer({ optionType: "checkbox", correctOptionIds: [1, 2] }, [2, 1])).toMatchObject({ status: "yes" });
    expect(markAnswer({ optionType: "checkbox", correctOptionIds: [1, 2] }, [1])).toMatchObject({ status: "no", answered: true });
    expect(markAnswer({ optionType: "trueFalse", correctOptionIds: [8] }, [8])).toMatchObject({ status: "yes" });
    expect(markAnswer({ optionType: "numerical", answerKey: { answers: [{ value: 3.5, tolerance: 0, credit: 100 }], units: [], unitRequired: false, unitPenalty: 0 } }, { value: "3,5" })).toMatchObject({ status: "yes" });
    expect(
      markAnswer({ optionType: "matching", answerKey: { pairs: [{ stem: "a", choice: "1" }, { stem: "b", choice: "2" }, { stem: "c", choice: "3" }], distractors: [] } }, { pairs: [{ stemId: "0", choiceId: "0" }] }),
    ).toEqual({ fraction: 0.3333333, status: "partial", answered: true });
    expect(markAnswer({ optionType: "cloze", answerKey: { gaps: [{ kind: "text", answers: [{ text: "x", credit: 100 }], weight: 1 }] } }, { gaps: ["X"] })).toMatchObject({ status: "yes" });
    expect(markAnswer({ optionType: "essay" }, { html: "<p>words</p>" })).toEqual({ fraction: null, status: "pending", answered: true });
  });
});
