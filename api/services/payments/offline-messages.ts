/**
 * Offline payment's messages (ADR 0045), dependency-free so the pages' message maps can
 * import them (app/components/payments/offline-messages.ts).
 */
export const OFFLINE_MESSAGES = {
  asked: "Offline payment requested: the owner will confirm it once the transfer arrives",
  alreadyAsked: "You have already asked to pay this plan offline: the request is pending",
  markedPaid: "Offline payment marked paid: premium access is open until the end of the period",
  refused: "Offline payment request refused",
  notOnSale: "Subscriptions are not on sale: the owner has switched them off",
  notPending: "This request is no longer pending",
  idInvalid: "id must be a positive whole number",
  planIdInvalid: "planId must be a positive whole number",
  periodStartInvalid: "periodStart must be an ISO date (YYYY-MM-DD)",
  periodEndInvalid: "periodEnd must be an ISO date (YYYY-MM-DD)",
  periodOrder: "periodEnd must be after periodStart",
  periodTooLong: "A paid period is at most 5 years",
  periodOver: "periodEnd must be in the future: a period already over grants nothing",
  statusInvalid: "status must be Pending, Paid or Refused",
} as const;

/** The longest period one payment may cover. */
export const MAX_PERIOD_YEARS = 5;
