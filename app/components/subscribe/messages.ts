import {
  ALREADY_SUBSCRIBED,
  NO_BILLING_ACCOUNT,
  PLAN_NOT_ON_OFFER,
  SESSION_NOT_FOUND,
  SESSION_NOT_PAID,
  SESSION_OF_ANOTHER_USER,
  STUDENTS_ONLY,
  SUBSCRIPTIONS_OFF,
  WEBHOOK_NOT_CONFIGURED,
  WEBHOOK_SIGNATURE_INVALID,
} from "../../../api/services/payments/checkout-messages";
import { NO_SECRET_KEY, PROVIDER_FAILED } from "../../../api/services/payments/messages";

/** The services' English messages → keys of locales/<lang>/subscribe.json. */
export const SUBSCRIBE_MESSAGE_KEYS: Record<string, string> = {
  [ALREADY_SUBSCRIBED]: "messages.alreadySubscribed",
  [NO_BILLING_ACCOUNT]: "messages.noBillingAccount",
  [NO_SECRET_KEY]: "off.noKey",
  [SUBSCRIPTIONS_OFF]: "off.disabled",
  [PLAN_NOT_ON_OFFER]: "messages.planNotOnOffer",
  [PROVIDER_FAILED]: "messages.providerFailed",
  [SESSION_NOT_FOUND]: "messages.sessionNotFound",
  [SESSION_NOT_PAID]: "messages.sessionNotPaid",
  [SESSION_OF_ANOTHER_USER]: "messages.sessionOfAnotherUser",
  [STUDENTS_ONLY]: "messages.studentsOnly",
  // Never on this page (Stripe's endpoint); listed so that the test below covers every message.
  [WEBHOOK_NOT_CONFIGURED]: "messages.providerFailed",
  [WEBHOOK_SIGNATURE_INVALID]: "messages.providerFailed",
};
