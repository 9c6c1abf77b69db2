/** Whole minutes to wait, at least one: what a 429's text and its `params.minutes` say. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** "Please try again in 3 minutes." (a text only: the message catalogue reads it). */
export function tryAgainInMinutes(minutes: number): string {
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
