import type { Db } from "../../../db/client";
import type { AppServices } from "../core/app-services";

/** Quizzes a handle keeps for each use; the least recently used goes first (a server holds a school's term of quizzes). */
const QUIZZES_KEPT = 500;

/** A kept read: called, it answers what is kept or reads it; `peek` and `keep` serve a caller that reads it with other reads. */
export interface KeptPerQuiz<T> {
  (services: AppServices, quizId: number): Promise<T>;
  /** What is kept for the quiz, without reading it; undefined when nothing is. */
  peek(services: AppServices, quizId: number): Promise<T> | undefined;
  /**
   * Keeps a value the caller read itself, under the same rule: only one read by a statement
   * that found the quiz taken (start-quiz.ts: exam-paper.ts startPaperRead answers both).
   */
  keep(services: AppServices, quizId: number, value: T): void;
}

/**
 * What a taken quiz's questions give, read once per quiz and database handle and kept: such
 * a quiz's questions, their order, texts and options can no longer change (ADR 0014, 0016:
 * editing them is refused inside the write, ADR 0022), so only a caller that holds an
 * attempt of the quiz may use it. The Node server keeps one handle for its life; a Worker
 * has one per request, where this keeps nothing beyond it. A failed read is not kept.
 */
export function keptPerQuiz<T>(read: (services: AppServices, quizId: number) => Promise<T>): KeptPerQuiz<T> {
  const keptByDb = new WeakMap<Db, Map<number, Promise<T>>>();
  const keptOf = (services: AppServices) => {
    let kept = keptByDb.get(services.db);
    if (!kept) keptByDb.set(services.db, (kept = new Map()));
    return kept;
  };
  const store = (map: Map<number, Promise<T>>, quizId: number, value: Promise<T>) => {
    map.set(quizId, value);
    if (map.size > QUIZZES_KEPT) map.delete(map.keys().next().value!);
  };
  const peek = (services: AppServices, quizId: number) => {
    const kept = keptOf(services);
    const hit = kept.get(quizId);
    if (hit) {
      kept.delete(quizId);
      kept.set(quizId, hit);
    }
    return hit;
  };
  const kept = (services: AppServices, quizId: number) => {
    const hit = peek(services, quizId);
    if (hit) return hit;
    const loading = read(services, quizId);
    const map = keptOf(services);
    store(map, quizId, loading);
    loading.catch(() => map.get(quizId) === loading && map.delete(quizId));
    return loading;
  };
  return Object.assign(kept, {
    peek,
    keep: (services: AppServices, quizId: number, value: T) => {
      const map = keptOf(services);
      if (!map.has(quizId)) store(map, quizId, Promise.resolve(value));
    },
  });
}
