import type { Quiz } from "../../../db/schema/quizzes";

/**
 * An attempt's paper (ADR 0077): the question ids it shows, in its order, stored on the
 * attempt's row when it starts (`quiz_attempts.paper`). Null means the quiz's own questions in
 * quiz order: attempts of quizzes without draws or shuffling, and every attempt from before.
 * A quiz with draws always stores its paper, and a taken quiz can no longer gain draws, so a
 * null paper never stands for drawn questions.
 */
export type StoredPaper = readonly number[] | null;

/**
 * The rows of the paper in its order, from the quiz's rows (in quiz order, with every question
 * its draws may draw): a question not on the paper is left out, whatever reads it (the exam, grading,
 * the result, the teacher's view).
 */
export function onPaper<T extends { id: number }>(paper: StoredPaper, rows: readonly T[]): T[] {
  if (paper === null) return [...rows];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return paper.flatMap((id) => byId.get(id) ?? []);
}

/** Whether the paper shows the question (a null paper: every question of the quiz). */
export function isOnPaper(paper: StoredPaper, questionId: number): boolean {
  return paper === null || paper.includes(questionId);
}

/** A uniform whole number below `bound` from the platform's cryptographic source (rejection sampling: no modulo bias). */
export function cryptoBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] < limit) return word[0] % bound;
  }
}

/** Fisher–Yates over a copy. */
function shuffled<T>(items: readonly T[], below: (bound: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A new attempt's paper: the quiz's own questions in quiz order, then each draw's `count`
 * questions taken at random from its part of the bank, never one already on the paper (draws in
 * the teacher's order: the quiz's save made sure each finds enough, quizzes/draw-parts.ts);
 * then the whole paper in a random order when the quiz shuffles questions. Null when the quiz
 * neither draws nor shuffles: its paper is its questions (nothing stored).
 */
export function drawPaper(quiz: Pick<Quiz, "draws" | "shuffleQuestions">, rows: readonly { id: number; inDraws: number[] | null }[], below = cryptoBelow): number[] | null {
  if (quiz.draws.length === 0 && !quiz.shuffleQuestions) return null;
  const paper = rows.filter((row) => row.inDraws === null).map((row) => row.id);
  const onIt = new Set(paper);
  quiz.draws.forEach((draw, index) => {
    const part = rows.filter((row) => row.inDraws?.includes(index) && !onIt.has(row.id)).map((row) => row.id);
    for (const id of shuffled(part, below).slice(0, draw.count)) {
      paper.push(id);
      onIt.add(id);
    }
  });
  return quiz.shuffleQuestions ? shuffled(paper, below) : paper;
}
