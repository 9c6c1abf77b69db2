import type { Db } from "../../../db/client";
import type { AppServices } from "../core/app-services";

/** Quizzes a handle keeps for each use; the least recently used goes first (a server holds a school's term of quizzes). */
const QUIZZES_KEPT = 500;

/**
 * What a taken quiz's questions give, read once per quiz and database handle and kept: such
 * a quiz's questions, their order, texts and options can no longer change (ADR 0014, 0016:
 * editing them is refused inside the write, ADR 0022), so only a caller that holds an
 * attempt of the quiz may use it. The Node server keeps one handle for its life; a Worker
 * has one per request, where this keeps nothing beyond it. A failed read is not kept.
 */
export function keptPerQuiz<T>(read: (services: AppServices, quizId: number) => Promise<T>): (services: AppServices, quizId: number) => Promise<T> {
  const keptByDb = new WeakMap<Db, Map<number, Promise<T>>>();
  return (services, quizId) => {
    let kept = keptByDb.get(services.db);
    if (!kept) keptByDb.set(services.db, (kept = new Map()));
    const hit = kept.get(quizId);
    if (hit) {
      kept.delete(quizId);
      kept.set(quizId, hit);
      return hit;
    }
    const loading = read(services, quizId);
    const map = kept;
    map.set(quizId, loading);
    if (map.size > QUIZZES_KEPT) map.delete(map.keys().next().value!);
    loading.catch(() => map.get(quizId) === loading && map.delete(quizId));
    return loading;
  };
}
