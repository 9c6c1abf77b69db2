/**
 * What each request of a sitting sends a remote database (sqld, Turso) on a warm server:
 * its statements, its round trips (an execute, or a batch of any size: one HTTP request) and
 * its waits (the round trips it makes one after another; calls sent together wait once).
 * Pinned by statements-per-request.test.ts; read by the bench that runs the exam over sqld
 * (bench/exam-burst/over-sqld.ts), which multiplies the waits by a network's round trip.
 * The figures and what 1–5 ms per round trip adds are in ADR 0090.
 */
export interface RequestCost {
  waits: number;
  roundTrips: number;
  statements: number;
}

export const PINNED_ROUND_TRIPS = {
  // The throttle's counters and the account (with its session user) in one batch; the
  // session, its refresh token and the account's failure count cleared in another (login.ts).
  "sign-in": { waits: 2, roundTrips: 2, statements: 5 },
  // The session; the quiz, the open attempt, the attempts taken, the extra time and the paper
  // in one batch (start-quiz.ts); the insert. The paper is read here, found taken and kept,
  // so the next start's batch leaves it out (6 statements; the test checks that too).
  start: { waits: 3, roundTrips: 3, statements: 7 },
  // One answer or ten: saveAnswers writes them in one statement.
  "autosave of 1 answer": { waits: 3, roundTrips: 3, statements: 4 },
  "autosave of 10 answers": { waits: 3, roundTrips: 3, statements: 4 },
  // The close's batch holds the LMS grade's outbox statement (issue 29, ADR 0089: one indexed
  // look-up that finds no link here and writes nothing): a statement more, no round trip more.
  submit: { waits: 3, roundTrips: 3, statements: 4 },
  fetchById: { waits: 2, roundTrips: 2, statements: 2 },
} satisfies Record<string, RequestCost>;

/** How the test prints one request's cost. */
export const describeCost = (cost: RequestCost) => `${cost.waits} waits, ${cost.roundTrips} round trips, ${cost.statements} statements`;
