import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradeAttempt, type QuestionKey, type SavedAnswer } from "../attempts/scoring";
import { essayWordCount, hasEssayWord } from "./essay";
import { markOrdering, type OrderingKey } from "./ordering";

/**
 * Issue 26 "Speed": grading a mixed paper (every submit and every review) built a Set for each
 * question's chosen ids, counted every word of an essay only to ask whether it has one, and
 * made a Map, a Set and two arrays to mark an ordering. Each cut is held here to the rule it
 * replaced, written as it was, on random values and the edges (repeats, unknown ids, ids
 * named twice, tags and entities), so a cut that changes a grade fails.
 */

/** The ordering rule as it was written before the cut (a Map of ids, the answer's ids once each). */
function orderingAsBefore(key: OrderingKey, answer: { order: string[] }, ids: { itemIds: readonly string[] }): number {
  const positionOfId = new Map(ids.itemIds.map((id, i) => [id, i]));
  const placed = [...new Set(answer.order)].flatMap((id) => (positionOfId.has(id) ? [positionOfId.get(id)!] : []));
  const n = key.items.length;
  if (key.grading === "allOrNothing") return placed.length === n && placed.every((position, k) => position === k) ? 1 : 0;
  let kept = 0;
  for (let k = 1; k < placed.length; k++) if (placed[k] === placed[k - 1] + 1) kept++;
  return kept / (n - 1);
}

/** The chosen ids as gradeAttempt read them before the cut: a Set per question of the paper, ascending. */
function chosenAsBefore(questions: readonly QuestionKey[], answers: readonly SavedAnswer[]): number[][] {
  const chosen = new Map<number, Set<number>>(questions.map((question) => [question.id, new Set<number>()]));
  for (const { questionId, answer } of answers) for (const id of answer) chosen.get(questionId)?.add(id);
  return questions.map((question) => [...chosen.get(question.id)!].sort((a, b) => a - b));
}

const smallId = fc.integer({ min: 0, max: 9 }).map(String);

describe("the grading cuts keep every grade", () => {
  it("marks an ordering as the Map-and-Set rule did, with repeats, unknown ids and an id named twice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom<OrderingKey["grading"]>("allOrNothing", "relativeToNext"),
        fc.array(smallId, { maxLength: 12 }),
        fc.array(smallId, { minLength: 0, maxLength: 9 }),
        (n, grading, order, extraIds) => {
          const key: OrderingKey = { items: Array.from({ length: n }, (_, i) => `item ${i}`), grading };
          // The attempt's ids, one per item; sometimes with an id named twice, which the old Map read at its last place.
          const itemIds = Array.from({ length: n }, (_, i) => extraIds[i] ?? String(i));
          expect(markOrdering(key, { order }, { itemIds })).toBe(orderingAsBefore(key, { order }, { itemIds }));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("says an essay has a word exactly when counting finds one (tags, entities, punctuation, other scripts)", () => {
    const piece = fc.constantFrom("<p>", "</p>", "<br/>", "&nbsp;", "&#39;", " ", "\n", "-", "’", "'", ".", "a", "Z", "é", "日本", "٣", "7", "<b class='x'>", "&amp;", "<", ">", "&");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const html = pieces.join("");
        expect(hasEssayWord(html)).toBe(essayWordCount(html) > 0);
      }),
      { numRuns: 3000 },
    );
    expect(hasEssayWord("<p>&nbsp;</p>")).toBe(false);
    expect(hasEssayWord("<p>-’ 1</p>")).toBe(true);
  });

  it("grades the chosen ids of repeated saves, other questions' entries and typed rows as the Set per question did", () => {
    const question = (id: number): QuestionKey => ({ id, optionType: id % 2 ? "checkbox" : "radio", correctOptionIds: [10 * id + 1, ...(id % 2 ? [10 * id + 2] : [])] });
    fc.assert(
      fc.property(
        fc.array(fc.record({ questionId: fc.integer({ min: 1, max: 8 }), answer: fc.array(fc.integer({ min: 1, max: 90 }), { maxLength: 4 }) }), { maxLength: 14 }),
        (answers) => {
          // Questions 1–6 are on the paper: answers to 7 and 8 belong to no question of it.
          const questions = [1, 2, 3, 4, 5, 6].map(question);
          const graded = gradeAttempt(questions, answers, { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 0 });
          expect(graded.questions.map((q) => q.selectedOptionIds)).toEqual(chosenAsBefore(questions, answers));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
