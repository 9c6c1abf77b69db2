/** m:ss (spec 9: time is shown as minutes : seconds). */
export function minutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Seconds left at which the timer is announced to screen readers (not every second). */
export const ANNOUNCE_AT = [600, 300, 60, 30, 10] as const;

/** The announcement due when the remaining time crosses a mark between two ticks, if any. */
export function crossedMark(before: number, now: number): number | null {
  return ANNOUNCE_AT.find((mark) => before > mark && now <= mark) ?? null;
}
