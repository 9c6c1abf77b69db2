import type { AppServices } from "../../context";
import { sipHash, type SipKey, sipKeyOf, wordOf } from "./siphash";

/**
 * The option ids a student sees (ADR 0031). Stored option ids are numbered in the author's
 * order, and authors (and every GIFT import) put the right answer first, so sending them
 * with a shuffled paper would let anyone sort them back. Each attempt therefore sees its
 * own ids: a keyed hash (SipHash-2-4, key derived from the app secret) of the attempt and
 * the option, cut to a positive safe integer. Without the key they carry no order, differ
 * between attempts and between students, and stay the same for one attempt (resume,
 * autosave, the result page). The paper lists a question's options by these ids, so the
 * shown order is the attempt's own too.
 *
 * Every path that sends option ids to a student or reads them from one goes through here:
 * the paper and a resumed attempt's saved answers (start-quiz.ts, exam-paper.ts), autosave
 * and submit (save-answers.ts, answer-all.ts), the one-by-one Check (answer-one.ts) and the
 * result page (results/present-result.ts). Only the server can map them back.
 */

const encoder = new TextEncoder();
const keyBySecret = new Map<string, Promise<SipKey>>();

/** SipHash key = the first 16 bytes of HMAC-SHA256(jwtSecret, purpose): one secret, a separate key per use. */
function keyOf(secret: string): Promise<SipKey> {
  let key = keyBySecret.get(secret);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const derived = await crypto.subtle.sign("HMAC", master, encoder.encode("quiz-app/attempt-option-ids/v1"));
      return sipKeyOf(new Uint8Array(derived, 0, 16));
    })();
    keyBySecret.set(secret, key);
  }
  return key;
}

/** 2^21: the high half keeps 21 bits, so an id stays below 2^53 (a JSON number is exact). */
const HIGH_BITS = 0x20_0000;

/** One attempt's view of option ids. */
export class AttemptOptionIds {
  constructor(
    private readonly key: SipKey,
    private readonly attemptId: number,
  ) {}

  /**
   * Stored id → the id this attempt shows, for all options of one question (they are
   * needed together: a collision, about one in 10^15 for five options, is resolved by
   * hashing again with a counter, in stored-id order, so the map is one-to-one).
   */
  shownIdsOf(optionIds: Iterable<number>): Map<number, number> {
    const shown = new Map<number, number>();
    const taken = new Set<number>();
    for (const optionId of [...optionIds].sort((a, b) => a - b)) {
      let id = 0;
      for (let salt = 0; id === 0 || taken.has(id); salt++) {
        const [high, low] = sipHash(this.key, [wordOf(this.attemptId), wordOf(optionId), wordOf(salt)]);
        id = (high % HIGH_BITS) * 0x1_0000_0000 + low;
      }
      taken.add(id);
      shown.set(optionId, id);
    }
    return shown;
  }

  /** A question's options as this attempt shows them: its ids, ordered by them (an order of the attempt's own). */
  shownOptions<T extends { id: number }>(options: readonly T[]): T[] {
    const shown = this.shownIdsOf(options.map((option) => option.id));
    return options.map((option) => ({ ...option, id: shown.get(option.id)! })).sort((a, b) => a.id - b.id);
  }

  /** Stored ids of one question's chosen options → the shown ids (ascending, as answers are compared). */
  shownChoice(questionOptionIds: Iterable<number>, chosen: readonly number[]): number[] {
    if (chosen.length === 0) return [];
    const shown = this.shownIdsOf(questionOptionIds);
    return chosen.map((id) => shown.get(id)!).sort((a, b) => a - b);
  }

  /** Stored answers (a resumed exam's, or those a submit compares against) with this attempt's ids. */
  shownAnswers<A extends { questionId: number; answer: number[] }>(stored: readonly A[], optionsOf: ReadonlyMap<number, Iterable<number>>): A[] {
    return stored.map((row) => ({ ...row, answer: this.shownChoice(optionsOf.get(row.questionId) ?? [], row.answer) }));
  }

  /** Shown ids sent by the student → stored ids; null when any of them is not an option of the question. */
  storedChoice(questionOptionIds: Iterable<number>, sent: readonly number[]): number[] | null {
    if (sent.length === 0) return [];
    const stored = new Map([...this.shownIdsOf(questionOptionIds)].map(([optionId, shown]) => [shown, optionId]));
    const mapped: number[] = [];
    for (const id of sent) {
      const optionId = stored.get(id);
      if (optionId === undefined) return null;
      mapped.push(optionId);
    }
    return mapped;
  }
}

/** The mapping of one attempt (the key is derived once per process and secret). */
export async function optionIdsOf(services: AppServices, attemptId: number): Promise<AttemptOptionIds> {
  return new AttemptOptionIds(await keyOf(services.config.jwtSecret), attemptId);
}
