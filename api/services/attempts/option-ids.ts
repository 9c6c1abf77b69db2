import type { AppServices } from "../core/app-services";
import { sipHash, type SipKey, sipKeyOf } from "./siphash";

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

/**
 * SipHash key = the first 16 bytes of HMAC-SHA256(jwtSecret, purpose): one secret, a separate
 * key per use. Also the key of the ids an attempt gives the parts of the other question types
 * (part-ids.ts), whose hashed words differ in number, so the two never name the same thing.
 */
export function attemptIdKeyOf(secret: string): Promise<SipKey> {
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

/** A question's stored option ids, as a list or as the answer key's set. */
type OptionIdList = readonly number[] | ReadonlySet<number>;
const listOf = (ids: OptionIdList): readonly number[] => (Array.isArray(ids) ? (ids as readonly number[]) : [...ids]);

/** One attempt's view of option ids. */
export class AttemptOptionIds {
  constructor(
    private readonly key: SipKey,
    private readonly attemptId: number,
  ) {}

  /**
   * Each option's first hash, kept for this mapping's life (optionIdsOf keeps it across the
   * attempt's requests): the result page alone asks for a question's ids up to three times
   * (its options, the choice, the right ones).
   */
  private readonly firstIds = new Map<number, number>();

  private idOf(optionId: number, salt: number): number {
    if (salt === 0) {
      const known = this.firstIds.get(optionId);
      if (known !== undefined) return known;
    }
    const [high, low] = sipHash(this.key, [this.attemptId, optionId, salt]);
    const id = (high % HIGH_BITS) * 0x1_0000_0000 + low;
    if (salt === 0) this.firstIds.set(optionId, id);
    return id;
  }

  /**
   * The shown id of each of one question's options, in the order given. They are made
   * together so they are one-to-one: a collision (about one in 10^15 for five options) or a
   * zero is resolved by hashing again with a counter, in stored-id order.
   */
  private shownIds(optionIds: readonly number[]): number[] {
    const shown = optionIds.map((optionId) => this.idOf(optionId, 0));
    // The usual case, checked in a few comparisons (at most five options: spec 9).
    let clash = false;
    for (let i = 0; i < shown.length && !clash; i++) for (let j = 0; j < i && !clash; j++) clash = shown[i] === shown[j];
    if (!clash && !shown.includes(0)) return shown;
    const taken = new Set<number>();
    const byStored = new Map<number, number>();
    for (const optionId of [...optionIds].sort((a, b) => a - b)) {
      let id = 0;
      for (let salt = 0; id === 0 || taken.has(id); salt++) id = this.idOf(optionId, salt);
      taken.add(id);
      byStored.set(optionId, id);
    }
    return optionIds.map((optionId) => byStored.get(optionId)!);
  }

  /** Stored id → the id this attempt shows, for all options of one question. */
  shownIdsOf(optionIds: OptionIdList): Map<number, number> {
    const list = listOf(optionIds);
    const shown = this.shownIds(list);
    return new Map(list.map((optionId, index) => [optionId, shown[index]]));
  }

  /** Stored ids of one question's chosen options → the shown ids (ascending, as answers are compared). */
  shownChoice(questionOptionIds: OptionIdList, chosen: readonly number[]): number[] {
    if (chosen.length === 0) return [];
    const list = listOf(questionOptionIds);
    const shown = this.shownIds(list);
    return chosen.map((id) => shown[list.indexOf(id)]).sort((a, b) => a - b);
  }

  /** Stored answers (a resumed exam's, or those a submit compares against) with this attempt's ids. */
  shownAnswers<A extends { questionId: number; answer: number[] }>(stored: readonly A[], optionsOf: ReadonlyMap<number, OptionIdList>): A[] {
    return stored.map((row) => ({ ...row, answer: this.shownChoice(optionsOf.get(row.questionId) ?? [], row.answer) }));
  }

  /** Shown ids sent by the student → stored ids; null when any of them is not an option of the question. */
  storedChoice(questionOptionIds: OptionIdList, sent: readonly number[]): number[] | null {
    if (sent.length === 0) return [];
    const list = listOf(questionOptionIds);
    const shown = this.shownIds(list);
    const mapped: number[] = [];
    for (const id of sent) {
      const index = shown.indexOf(id);
      if (index < 0) return null;
      mapped.push(list[index]);
    }
    return mapped;
  }
}

/**
 * How many attempts' mappings a process keeps. An attempt's ids are asked for at its start,
 * on each autosave and Check, at its submit and on its result page: hashing a paper's 200
 * options (or its parts: part-ids.ts) again each time was a tenth of a submit and of a result
 * read (issue 25 point 8). The ids are a pure function of the key, the attempt and the option
 * or part, so a kept mapping can never be wrong, only evicted; a mapping holds one id per option
 * or part of the paper (a few KB), so this bounds the memory to a few MB whatever the sitting.
 */
const KEPT_MAPPINGS = 2_000;

/**
 * The mapping of one attempt made by `make`, kept per key (the app secret's) for the process's
 * most recently used attempts: the same object while in use, so what it hashed it hashes once.
 */
export function keptPerAttempt<T>(make: (key: SipKey, attemptId: number) => T): (services: AppServices, attemptId: number) => Promise<T> {
  const keptByKey = new WeakMap<SipKey, Map<number, T>>();
  return async (services, attemptId) => {
    const key = await attemptIdKeyOf(services.config.jwtSecret);
    let kept = keptByKey.get(key);
    if (!kept) keptByKey.set(key, (kept = new Map()));
    let mapping = kept.get(attemptId);
    if (mapping !== undefined) {
      // Most recently used last: a Map iterates in insertion order, so the first is the oldest.
      kept.delete(attemptId);
    } else {
      mapping = make(key, attemptId);
      if (kept.size >= KEPT_MAPPINGS) kept.delete(kept.keys().next().value!);
    }
    kept.set(attemptId, mapping);
    return mapping;
  };
}

/** The option-id mapping of one attempt (the key is derived once per process and secret; the mapping kept while in use). */
export const optionIdsOf = keptPerAttempt((key, attemptId) => new AttemptOptionIds(key, attemptId));
