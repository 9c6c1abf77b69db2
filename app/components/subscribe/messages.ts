import type { CodeKeys } from "../../utils/message-codes";

/** The checkout verbs' codes (api/services/message-codes.ts) → keys of locales/<lang>/subscribe.json. */
export const SUBSCRIBE_CODE_KEYS: CodeKeys = {
  ALREADY_SUBSCRIBED: "messages.alreadySubscribed",
  NO_BILLING_ACCOUNT: "messages.noBillingAccount",
  PAYMENT_SECRET_KEY_MISSING: "off.noKey",
  SUBSCRIPTIONS_OFF: "off.disabled",
  PLAN_NOT_ON_OFFER: "messages.planNotOnOffer",
  PAYMENT_PROVIDER_FAILED: "messages.providerFailed",
  PAYMENT_PROVIDER_UNREACHABLE: "messages.providerUnreachable",
  PAYMENT_KEY_REFUSED: "messages.cardSetupBroken",
  CHECKOUT_SESSION_NOT_FOUND: "messages.sessionNotFound",
  CHECKOUT_NOT_PAID: "messages.sessionNotPaid",
  CHECKOUT_SESSION_OF_ANOTHER_USER: "messages.sessionOfAnotherUser",
  STUDENTS_ONLY: "messages.studentsOnly",
};
