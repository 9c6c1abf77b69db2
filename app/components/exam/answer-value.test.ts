import { describe, expect, it } from "vitest";
import { essayWordCount } from "../../../api/services/marking/essay";
import { afterAcknowledged, readPending, toRequestAnswers, writePending } from "./answer-store";
import { answerFromServer, type AnswerValue, isAnswered } from "./answer-value";
import { htmlToText, textToHtml, wordCount } from "./answers/essay-text";
import { moved, orderedItems } from "./answers/OrderingInput";
import { answerState } from "./navigation";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

/** One answer of each type, as the exam page sends it (decisions.md "Answers"). */
const EACH_TYPE: Record<string, AnswerValue> = {
  radio: [3],
  checkbox: [4, 5],
  trueFalse: [6],
  shortAnswer: { text: "Paris" },
  numerical: { value: "9,81", unit: "m/s²" },
  matching: { pairs: [{ stemId: "s1", choiceId: "c2" }] },
  ordering: { order: ["b", "a", "c"] },
  cloze: { gaps: ["blue", "", "k7"] },
  essay: { html: "First line<br>second &amp; last" },
};

describe("every type's answer in the exam's queue and on resume", () => {
  it("goes through the offline queue and comes back from a reload unchanged", () => {
    const storage = memoryStorage();
    const pending = Object.fromEntries(Object.values(EACH_TYPE).map((answer, i) => [String(i + 1), { answer, markedForReview: false }]));
    writePending(storage, 9, pending);
    const reloaded = readPending(storage, 9);
    expect(reloaded).toEqual(pending);
    expect(toRequestAnswers(reloaded).map((row) => row.answer)).toEqual(Object.values(EACH_TYPE));
  });

  it("leaves the queue once acknowledged, but an answer changed meanwhile stays", () => {
    const sent = { "1": { answer: EACH_TYPE.essay, markedForReview: false }, "2": { answer: EACH_TYPE.ordering, markedForReview: false } };
    const typedOn = { ...sent, "1": { answer: { html: "First line<br>second &amp; last, and more" }, markedForReview: false } };
    expect(afterAcknowledged(typedOn, sent)).toEqual({ "1": typedOn["1"] });
    expect(afterAcknowledged(sent, structuredClone(sent))).toEqual({});
  });

  it("is kept from the server's saved answers on resume, whatever its type", () => {
    for (const answer of Object.values(EACH_TYPE)) expect(answerFromServer(structuredClone(answer))).toEqual(answer);
    expect(answerFromServer(null)).toEqual([]);
    expect(answerFromServer("text")).toEqual([]);
  });

  it("counts as answered only when something is given", () => {
    for (const [type, answer] of Object.entries(EACH_TYPE)) expect(isAnswered(answer), type).toBe(true);
    const empty: AnswerValue[] = [[], { text: "  " }, { value: "" }, { pairs: [] }, { order: [] }, { gaps: ["", " "] }, { html: "<p> </p>" }];
    for (const answer of empty) expect(isAnswered(answer), JSON.stringify(answer)).toBe(false);
    expect(answerState({ answer: { text: "x" }, markedForReview: false })).toBe("yes");
    expect(answerState({ answer: { gaps: [""] }, markedForReview: true })).toBe("not");
  });
});

describe("the typed inputs' pure parts", () => {
  it("an essay's text travels as escaped HTML and comes back as typed", () => {
    const typed = "a < b & c\nnext line";
    expect(textToHtml(typed)).toBe("a &lt; b &amp; c<br>next line");
    expect(htmlToText(textToHtml(typed))).toBe(typed);
    expect(htmlToText("<p>Intro</p><p>Body</p>")).toBe("Intro\nBody");
    const essay = "It's a well-known fact, 42 times.\nÉté <b>";
    expect(wordCount(essay)).toBe(8);
    // The page counts as the server does on what it receives.
    expect(wordCount(essay)).toBe(essayWordCount(textToHtml(essay)));
  });

  it("ordering moves one place and keeps every item", () => {
    const items = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(orderedItems(items, []).map((i) => i.id)).toEqual(["a", "b", "c"]);
    expect(orderedItems(items, ["c", "a"]).map((i) => i.id)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });
});
