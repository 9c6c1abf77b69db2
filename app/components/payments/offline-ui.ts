import { OFFLINE_MESSAGES } from "../../../api/services/payments/offline-messages";

/** The services' English messages → keys of locales/<lang>/offline.json. */
const OFFLINE_MESSAGE_KEYS: Record<string, string> = {
  [OFFLINE_MESSAGES.asked]: "messages.asked",
  [OFFLINE_MESSAGES.alreadyAsked]: "messages.alreadyAsked",
  [OFFLINE_MESSAGES.markedPaid]: "messages.markedPaid",
  [OFFLINE_MESSAGES.refused]: "messages.refused",
  [OFFLINE_MESSAGES.studentsOnly]: "messages.studentsOnly",
  [OFFLINE_MESSAGES.notOnSale]: "messages.notOnSale",
  [OFFLINE_MESSAGES.notPending]: "messages.notPending",
  [OFFLINE_MESSAGES.periodStartInvalid]: "messages.periodStartInvalid",
  [OFFLINE_MESSAGES.periodEndInvalid]: "messages.periodEndInvalid",
  [OFFLINE_MESSAGES.periodOrder]: "messages.periodOrder",
  [OFFLINE_MESSAGES.periodTooLong]: "messages.periodTooLong",
  [OFFLINE_MESSAGES.periodOver]: "messages.periodOver",
};

/** A service's answer in the reader's language (a 404 says so plainly); an unknown one as sent. */
export function offlineMessageKey(answer: { message: string; code?: string }): string | null {
  if (answer.code === "NOT_FOUND") return "messages.notFound";
  return OFFLINE_MESSAGE_KEYS[answer.message] ?? null;
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

/** Today, YYYY-MM-DD in UTC (the API reads a date as midnight UTC). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
