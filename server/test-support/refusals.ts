/**
 * What the refusing test workers throw, by name (worker-refusals.node.test.ts and
 * worker-refusals.deno.test.ts): one error of each shape a job may raise, so the tests can
 * check that each reaches the caller whole through the real pools of both runtimes.
 */
import { AppError, Invalid, NotFound, TooManyRequests } from "../../api/services/core/errors";

export const REFUSALS = {
  invalid: () => new Invalid("The header row is missing the column correct", { location: "The header row is missing the column correct" }),
  busy: () => new TooManyRequests("The server is busy right now", 7, "SERVER_BUSY"),
  // A field another change may add to AppError (the error envelope's params): carried all the same.
  withParams: () => Object.assign(new AppError(413, "At most 10,000 questions", { location: "At most 10,000 questions" }), { params: { max: 10_000, found: [12_000] } }),
  notFound: () => new NotFound("quiz"),
  plain: () => new Error("the disk is full"),
  thrown: () => "a thrown string",
} satisfies Record<string, () => unknown>;

export type RefusalName = keyof typeof REFUSALS;
