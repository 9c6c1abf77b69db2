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
  "sign-in": { waits: 5, roundTrips: 7, statements: 7 },
  start: { waits: 5, roundTrips: 7, statements: 7 },
  // One answer or ten: saveAnswers writes them in one statement.
  "autosave of 1 answer": { waits: 3, roundTrips: 3, statements: 4 },
  "autosave of 10 answers": { waits: 3, roundTrips: 3, statements: 4 },
  // The fourth is the LMS grade's look-up after the close (issue 29, ADR 0089: one indexed read
  // that finds no link here). Folding it into the close's own batch is the next step there.
  submit: { waits: 4, roundTrips: 4, statements: 4 },
  fetchById: { waits: 2, roundTrips: 2, statements: 2 },
} satisfies Record<string, RequestCost>;

/** How the test prints one request's cost. */
export const describeCost = (cost: RequestCost) => `${cost.waits} waits, ${cost.roundTrips} round trips, ${cost.statements} statements`;
