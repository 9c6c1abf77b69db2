import type { Db } from "../../db/client";
import { createTypedQuestion } from "./factories.node";

type Made = Awaited<ReturnType<typeof createTypedQuestion>>;

/**
 * One question of each type named in `keys`, in that order, each with its key and mark: the
 * seed of the tests that take or analyse a paper of every type (question-types-exam,
 * item-analysis-types). The cloze's text names its gaps ({1}, {2}, …); the others are
 * "A <type> question?". The caller adds the choice questions it needs and makes the quiz.
 */
export async function createOneOfEachType<K extends string>(
  db: Db,
  who: { businessId: number; teacherId: number },
  seed: { keys: Record<K, unknown>; marks: Record<NoInfer<K>, number>; clozeText: string },
): Promise<Record<K, Made>> {
  const made = {} as Record<K, Made>;
  for (const type of Object.keys(seed.keys) as K[]) {
    const questionText = type === "cloze" ? seed.clozeText : `A ${type} question?`;
    made[type] = await createTypedQuestion(db, { ...who, optionType: type, answerKey: seed.keys[type], defaultMark: seed.marks[type], questionText });
  }
  return made;
}
