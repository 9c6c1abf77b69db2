import type { ClozeIds, ClozeKey } from "../marking/cloze";
import { type MatchingIds, type MatchingKey, matchingChoices } from "../marking/matching";
import type { OrderingIds, OrderingKey } from "../marking/ordering";
import { keptPerAttempt } from "./option-ids";
import { sipHash, type SipKey } from "./siphash";

/**
 * The ids an attempt gives the parts of the question types that name them (decisions.md
 * "What a student receives"): matching stems and choices, ordering items, dropdown choices of
 * cloze gaps. As with option ids (option-ids.ts, ADR 0031), an id is a keyed hash of the
 * attempt, the question and the part's place in the key, so it carries neither the key's order
 * (the right order of items, which choice is whose, the author's right-answer-first dropdown) nor
 * anything another attempt can use, and stays the same for one attempt (resume, save, results).
 * The parts are shown sorted by these ids: a shuffle of the attempt's own. Only the server maps
 * them back (the markers take them as `ids`: marking/mark-answer.ts).
 */

/** Which list of a question the part is in: hashed with it, so two lists never share an id. */
const LIST = { stems: 1, choices: 2, items: 3, gap: 100 } as const;

/** 2^21: the high half keeps 21 bits, so the number stays below 2^53 (written in base 36: at most 11 characters). */
const HIGH_BITS = 0x20_0000;

export class AttemptPartIds {
  constructor(
    private readonly key: SipKey,
    private readonly attemptId: number,
  ) {}

  /**
   * `count` ids of one list, one-to-one: a collision (about one in 10^13 for 30 parts) hashes again with a counter.
   * `round` > 0 draws another list altogether (a sixth hashed word, so no round-0 id is repeated by design).
   */
  private listIds(questionId: number, list: number, count: number, round = 0): string[] {
    // Kept for this mapping's life (partIdsOf keeps it across the attempt's requests): grading,
    // the paper and the result ask for the same lists again and again.
    const asked = `${questionId}:${list}:${count}:${round}`;
    const known = this.made.get(asked);
    if (known) return known;
    const ids = this.drawList(questionId, list, count, round);
    this.made.set(asked, ids);
    return ids;
  }

  private readonly made = new Map<string, string[]>();

  private drawList(questionId: number, list: number, count: number, round: number): string[] {
    const taken = new Set<string>();
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      let id = "";
      for (let salt = 0; id === "" || taken.has(id); salt++) {
        const [high, low] = sipHash(this.key, round === 0 ? [this.attemptId, questionId, list, index, salt] : [this.attemptId, questionId, list, index, salt, round]);
        id = ((high % HIGH_BITS) * 0x1_0000_0000 + low).toString(36);
      }
      taken.add(id);
      ids.push(id);
    }
    return ids;
  }

  matching(questionId: number, key: MatchingKey): MatchingIds {
    return { stemIds: this.listIds(questionId, LIST.stems, key.pairs.length), choiceIds: this.listIds(questionId, LIST.choices, matchingChoices(key).length) };
  }

  /**
   * The items' ids, never in the right order when there are two or more: the items are shown
   * sorted by their ids, and ids ascending in key order would show the answer as the starting
   * order (Moodle avoids it too). Such a draw is replaced by the next round's, so the shown order
   * is one of the other orders, each as likely, and stays the same for the attempt.
   */
  ordering(questionId: number, key: OrderingKey): OrderingIds {
    let itemIds = this.listIds(questionId, LIST.items, key.items.length);
    for (let round = 1; itemIds.length >= 2 && inKeyOrder(itemIds); round++) itemIds = this.listIds(questionId, LIST.items, key.items.length, round);
    return { itemIds };
  }

  cloze(questionId: number, key: ClozeKey): ClozeIds {
    return { choiceIds: key.gaps.map((gap, g) => (gap.kind === "choice" ? this.listIds(questionId, LIST.gap + g, gap.choices.length) : undefined)) };
  }
}

/** The order parts are shown in: by their ids (the attempt's own shuffle). */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** True when sorting by these ids keeps the key's order (ids[0] is shown first, then ids[1], …). */
function inKeyOrder(ids: readonly string[]): boolean {
  return ids.every((id, i) => i === 0 || byId(ids[i - 1], id) < 0);
}

/**
 * Parts with this attempt's ids, in the order those give (the attempt's own shuffle), each with
 * its formulas rendered (`textHtml`) when it has some: the HTML rides on its own part, so it says
 * no more of the key than the part's text does.
 */
export function shownParts(texts: readonly string[], ids: readonly string[], htmlOf: (text: string) => string | undefined = () => undefined): { id: string; text: string; textHtml?: string }[] {
  return texts
    .map((text, i) => {
      const textHtml = htmlOf(text);
      return textHtml === undefined ? { id: ids[i], text } : { id: ids[i], text, textHtml };
    })
    .sort((a, b) => byId(a.id, b.id));
}

/** The part ids of one attempt (the key is derived once per process and secret, with the option ids'; the mapping kept while in use). */
export const partIdsOf = keptPerAttempt((key, attemptId) => new AttemptPartIds(key, attemptId));
