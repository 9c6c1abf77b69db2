import { type CodeKeys, keyOfCode } from "../../utils/message-codes";

/** The offline payment verbs' codes (api/services/message-codes.ts) → keys of locales/<lang>/offline.json. */
export const OFFLINE_CODE_KEYS: CodeKeys = {
  OFFLINE_ASKED: "messages.asked",
  OFFLINE_ALREADY_ASKED: "messages.alreadyAsked",
  OFFLINE_MARKED_PAID: "messages.markedPaid",
  OFFLINE_REFUSED: "messages.refused",
  STUDENTS_ONLY: "messages.studentsOnly",
  OFFLINE_NOT_ON_SALE: "messages.notOnSale",
  OFFLINE_NOT_PENDING: "messages.notPending",
  OFFLINE_PERIOD_START_INVALID: "messages.periodStartInvalid",
  OFFLINE_PERIOD_END_INVALID: "messages.periodEndInvalid",
  OFFLINE_PERIOD_ORDER: "messages.periodOrder",
  OFFLINE_PERIOD_TOO_LONG: "messages.periodTooLong",
  OFFLINE_PERIOD_OVER: "messages.periodOver",
};

/** A service's answer in the reader's language, by its code (a 404 says so plainly); null for one to show as sent. */
export function offlineMessageKey(answer: { code?: string }): string | null {
  if (answer.code === "NOT_FOUND") return "messages.notFound";
  return keyOfCode(OFFLINE_CODE_KEYS, answer.code) ?? null;
}

/** What the student quotes with the transfer, and the owner finds in the list. */
export function offlineReference(id: number): string {
  return `OFF-${id}`;
}

const MONTHS = { day: 0, week: 0, month: 1, quarterly: 3, year: 12 } as const;
const DAYS = { day: 1, week: 7, month: 0, quarterly: 0, year: 0 } as const;

/**
 * YYYY-MM-DD (UTC) of `from` plus one plan interval: the Mark paid dialog's default end.
 * Months keep the day, or take the month's last day when it has none (31 January + 1 month
 * = 28 or 29 February, not 3 March), as card billing does.
 */
export function afterOneInterval(from: string, interval: keyof typeof MONTHS): string {
  const date = new Date(`${from}T00:00:00Z`);
  const day = date.getUTCDate();
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + MONTHS[interval] + 1, 0)).getUTCDate();
  date.setUTCMonth(date.getUTCMonth() + MONTHS[interval], Math.min(day, lastDay) + DAYS[interval]);
  return date.toISOString().slice(0, 10);
}
