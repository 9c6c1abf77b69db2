/**
 * What the database holds after the burst, read straight from the server's file by a
 * client of its own (WAL lets it read beside the running server): every answer the server
 * acknowledged is stored with the value last acknowledged, and every attempt is graded
 * with the score its answers earn.
 */
import { createClient } from "@libsql/client";
import type { StoredAnswer } from "./student";

export interface Expected {
  takenQuizId: number;
  /** questionId → the option ids last acknowledged for it, or the typed answer (as sent). */
  answers: Map<number, StoredAnswer>;
  /** Set when the attempt was submitted: the right answers among `answers`. */
  correctAnswered?: number;
}

export interface Verdict {
  attempts: number;
  answersChecked: number;
  problems: string[];
}

const same = (a: number[], b: number[]) => a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
/** JSON with object keys sorted, so two equal answers read the same whatever order their fields came in. */
const canonical = (value: unknown): string => JSON.stringify(value, (_, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
const matches = (stored: StoredAnswer, acknowledged: StoredAnswer) =>
  Array.isArray(acknowledged) ? Array.isArray(stored) && same(stored, acknowledged) : !Array.isArray(stored) && canonical(stored.typed) === canonical(acknowledged.typed);

/** `authToken`: a libSQL server's, when `databaseUrl` is one (bench/exam-burst/over-sqld.ts). */
export async function verifyDatabase(databaseUrl: string, expected: Expected[], authToken?: string): Promise<Verdict> {
  const db = createClient({ url: databaseUrl, authToken });
  const problems: string[] = [];
  let answersChecked = 0;
  try {
    const ids = expected.map((e) => e.takenQuizId);
    const attempts = new Map<number, { submitted: boolean; correct: number }>();
    const stored = new Map<number, Map<number, StoredAnswer>>();
    for (let from = 0; from < ids.length; from += 500) {
      const chunk = ids.slice(from, from + 500);
      const marks = chunk.map(() => "?").join(",");
      const attemptRows = await db.execute({ sql: `select id, submitted_at, correct_answered from quiz_attempts where id in (${marks})`, args: chunk });
      for (const row of attemptRows.rows) attempts.set(Number(row.id), { submitted: row.submitted_at !== null, correct: Number(row.correct_answered) });
      const answerRows = await db.execute({ sql: `select attempt_id, question_id, selected_option_ids, answer from attempt_answers where attempt_id in (${marks})`, args: chunk });
      for (const row of answerRows.rows) {
        const attemptId = Number(row.attempt_id);
        if (!stored.has(attemptId)) stored.set(attemptId, new Map());
        const value: StoredAnswer = row.answer === null ? (JSON.parse(String(row.selected_option_ids)) as number[]) : { typed: JSON.parse(String(row.answer)) as unknown };
        stored.get(attemptId)!.set(Number(row.question_id), value);
      }
    }
    for (const want of expected) {
      const attempt = attempts.get(want.takenQuizId);
      if (!attempt) {
        problems.push(`attempt ${want.takenQuizId} is missing`);
        continue;
      }
      const got = stored.get(want.takenQuizId) ?? new Map<number, StoredAnswer>();
      for (const [questionId, answer] of want.answers) {
        answersChecked++;
        const value = got.get(questionId);
        if (!value) problems.push(`attempt ${want.takenQuizId}: the acknowledged answer to question ${questionId} is missing`);
        else if (!matches(value, answer)) problems.push(`attempt ${want.takenQuizId}, question ${questionId}: stored ${JSON.stringify(value)}, acknowledged ${JSON.stringify(answer)}`);
      }
      if (want.correctAnswered !== undefined) {
        if (!attempt.submitted) problems.push(`attempt ${want.takenQuizId} was submitted (acknowledged) but is not graded`);
        else if (attempt.correct !== want.correctAnswered) problems.push(`attempt ${want.takenQuizId}: graded ${attempt.correct} right, its answers have ${want.correctAnswered}`);
      }
    }
    return { attempts: attempts.size, answersChecked, problems };
  } finally {
    db.close();
  }
}
