import { z } from "@hono/zod-openapi";
import { answerObject, answerParts, boundedList, keyObject, keyText, opaqueId, said } from "./fields";
import { MARKING_LIMITS as L } from "./limits";

export const MatchingPair = keyObject({ stem: keyText(L.itemText), choice: keyText(L.answerText) });

/** decisions.md: `matching { pairs: [{ stem, choice }], distractors }` (at least 2 pairs). */
export const MatchingKey = keyObject({
  pairs: boundedList(MatchingPair, L.minPairs, L.maxPairs, said("ANSWER_KEY_PAIRS_COUNT", { min: L.minPairs, max: L.maxPairs })),
  distractors: boundedList(keyText(L.answerText), 0, L.maxDistractors, said("ANSWER_KEY_DISTRACTORS_COUNT", { max: L.maxDistractors })).default([]),
}).refine((key) => !key.distractors.some((distractor) => key.pairs.some((pair) => pair.choice === distractor)), {
  path: ["distractors"],
  error: said("ANSWER_KEY_DISTRACTOR_IS_ANSWER"),
});
export type MatchingKey = z.output<typeof MatchingKey>;

/** decisions.md: `{ pairs: [{ stemId, choiceId }] }`, each stem at most once. */
export const MatchingAnswer = answerObject({
  pairs: answerParts(answerObject({ stemId: opaqueId, choiceId: opaqueId }), L.maxPairs).refine(
    (pairs) => new Set(pairs.map((pair) => pair.stemId)).size === pairs.length,
    said("STUDENT_ANSWER_PART_REPEATED"),
  ),
});
export type MatchingAnswer = z.output<typeof MatchingAnswer>;

/**
 * The choices a student picks from: each right answer once (two stems may share one, as
 * Moodle's matching allows), then the distractors, in the author's order. The attempt shuffles
 * them and gives each an opaque id; `choiceIds[j]` is the id of `matchingChoices(key)[j]`.
 */
export function matchingChoices(key: MatchingKey): string[] {
  return [...new Set([...key.pairs.map((pair) => pair.choice), ...key.distractors])];
}

/** The attempt's ids: `stemIds[i]` names `pairs[i]`'s stem, `choiceIds[j]` names `matchingChoices(key)[j]`. */
export interface MatchingIds {
  stemIds: readonly string[];
  choiceIds: readonly string[];
}

/** Ids by position ("0", "1", …), for a caller (a test, a preview) that keeps no ids of its own. */
export function positionalMatchingIds(key: MatchingKey): MatchingIds {
  return { stemIds: key.pairs.map((_, i) => String(i)), choiceIds: matchingChoices(key).map((_, j) => String(j)) };
}

/**
 * Credit per right pair over the pairs (Moodle's matching): a stem is right when the choice
 * paired with it reads as its pair's answer. A stem left out, or paired with an id the attempt
 * did not give (another question's, made up), earns nothing; nothing sent can earn more.
 */
export function markMatching(key: MatchingKey, answer: MatchingAnswer, ids: MatchingIds = positionalMatchingIds(key)): number {
  const choices = matchingChoices(key);
  const choiceOfId = new Map(ids.choiceIds.map((id, j) => [id, choices[j]]));
  const picked = new Map<string, string>();
  for (const pair of answer.pairs) if (!picked.has(pair.stemId)) picked.set(pair.stemId, pair.choiceId);
  const right = key.pairs.filter((pair, i) => {
    const choiceId = picked.get(ids.stemIds[i]);
    return choiceId !== undefined && choiceOfId.get(choiceId) === pair.choice;
  }).length;
  return right / key.pairs.length;
}

export const isMatchingAnswered = (answer: MatchingAnswer) => answer.pairs.length > 0;
