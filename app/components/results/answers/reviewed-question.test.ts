import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { createI18n } from "../../../i18n/create-i18n";
import { ReviewedQuestion } from "./ReviewedQuestion";
import { type ReviewReader, ReviewReaderContext } from "./review-reader";

/** One question of a result drawn by its type, as the server renders it (ADR 0071). */
function render(answer: Omit<Partial<TakenQuizAnswer>, "question"> & { question: Partial<TakenQuizAnswer["question"]> }, language: Parameters<typeof createI18n>[0] = "en", reader: ReviewReader = "student") {
  const full: TakenQuizAnswer = {
    questionId: 7,
    answerStatus: "yes",
    mark: 1,
    maxMark: 1,
    answer: null,
    answerFurthers: [],
    costsNegativePoint: false,
    myVote: "none",
    ...answer,
    question: { id: 7, questionId: 7, questionText: "Q?", questionImage: null, optionType: "radio", options: [], ...answer.question },
  };
  const Page = createRoutesStub([{ path: "/r", Component: () => createElement(ReviewReaderContext, { value: reader }, createElement("ol", null, createElement(ReviewedQuestion, { answer: full, number: 3 }))) }]);
  // Without the text separators React puts between adjacent texts.
  return renderToString(createElement(I18nextProvider, { i18n: createI18n(language) }, createElement(Page, { initialEntries: ["/r"] }))).replaceAll("<!-- -->", "");
}

describe("ReviewedQuestion", () => {
  it("says partial and pending in words with their own symbol and gives mark / maxMark", () => {
    const partial = render({ answerStatus: "partial", mark: 2.0000001, maxMark: 3, question: { optionType: "matching", stems: [], choices: [] } });
    expect(partial).toContain("result-answer--partial");
    expect(partial).toMatch(/◐<\/span> Partly right/);
    expect(partial).toContain("Mark: 2 / 3");
    const pending = render({ answerStatus: "pending", mark: null, maxMark: 2, question: { optionType: "essay" }, answer: { html: "<p>Mine</p>" } });
    expect(pending).toMatch(/◌<\/span> Awaiting marking/);
    expect(pending).toContain("Mark: – / 2");
  });

  it("draws a short answer as text, never as HTML, with every accepted answer and its credit once the key is in", () => {
    const html = render({
      answerStatus: "partial",
      answer: { text: "<img src=x onerror=alert(1)>" },
      acceptedAnswers: [{ text: "Jupiter", credit: 100 }, { text: "Jove", credit: 50 }],
      question: { optionType: "shortAnswer" },
    });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toMatch(/Jupiter<\/q> \(100% credit\)/);
    expect(html).toMatch(/Jove<\/q> \(50% credit\)/);
  });

  it("draws a number with its unit, and the accepted value ± tolerance with the units when the key is in; none of it without", () => {
    const answer = { answer: { value: "9,8", unit: "m/s²" }, question: { optionType: "numerical" as const, units: ["m/s²"] } };
    const keyed = render({ ...answer, acceptedAnswers: [{ value: 9.81, tolerance: 0.05, credit: 100 }], acceptedUnits: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true });
    expect(keyed).toContain("9,8 m/s²");
    expect(keyed).toContain("9.81 ± 0.05 m/s²");
    expect(keyed).toContain("a unit is required");
    const hidden = render(answer);
    expect(hidden).toContain("9,8 m/s²");
    expect(hidden).not.toContain("9.81");
    expect(hidden).not.toContain("Right answer");
  });

  it("draws the stored essay HTML, the grader's comment as text and the rubric levels chosen", () => {
    const html = render({
      answerStatus: "yes",
      mark: 2,
      maxMark: 2,
      answer: { html: "<p>Mars is <strong>red</strong>.</p>" },
      comment: "Good <b>thesis</b>",
      rubricLevels: [{ criterion: "Clarity", level: "Clear", points: 2 }],
      question: { optionType: "essay" },
    });
    expect(html).toContain("<p>Mars is <strong>red</strong>.</p>");
    expect(html).toContain("Good &lt;b&gt;thesis&lt;/b&gt;");
    expect(html).toContain("Clarity: Clear (2 points)");
  });

  it("draws a cloze text with each gap's answer inline, its verdict and the right answer", () => {
    const html = render({
      answerStatus: "partial",
      answer: { gaps: ["blue", "2"] },
      rightAnswer: { gaps: ["red", "2"] },
      gapFractions: [0, 1],
      question: { optionType: "cloze", questionText: "Mars is {1} with {2} moons.", gaps: [{ kind: "text" }, { kind: "number" }] },
    });
    expect(html).toContain("Fill in the gaps");
    expect(html).toMatch(/blue<\/mark> <span class="result-verdict result-verdict--wrong"><span aria-hidden="true">✗<\/span> wrong<\/span>/);
    expect(html).toContain("right answer: red");
    expect(html).toMatch(/2<\/mark> <span class="result-verdict result-verdict--right">/);
  });

  it("names the answer the student's own for the student, the answer given for an author", () => {
    const answer = { answerStatus: "yes" as const, answer: { text: "Jupiter" }, question: { optionType: "shortAnswer" as const } };
    expect(render(answer)).toContain("<dt>Your answer</dt>");
    expect(render(answer, "en", "author")).toContain("<dt>Answer given</dt>");
  });

  it("speaks the reader's language (Japanese)", () => {
    expect(render({ answerStatus: "pending", mark: null, question: { optionType: "essay" } }, "ja")).toContain("採点待ち");
  });
});
