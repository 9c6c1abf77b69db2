import { describe, expect, it } from "vitest";
import * as checkoutMessages from "../../../api/services/payments/checkout-messages";
import { MESSAGE_CODES, type MessageCode } from "../../../api/services/message-codes";
import en from "../../../locales/en/subscribe.json";
import { SUBSCRIBE_CODE_KEYS } from "./messages";

const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe("subscription page messages", () => {
  it("has words, in the page's namespace, for the code of every message the checkout verbs send the page", () => {
    const shown: MessageCode[] = ["SUBSCRIPTIONS_OFF", "PLAN_NOT_ON_OFFER", "ALREADY_SUBSCRIBED", "CHECKOUT_SESSION_NOT_FOUND", "CHECKOUT_SESSION_OF_ANOTHER_USER", "CHECKOUT_NOT_PAID", "NO_BILLING_ACCOUNT"];
    // The webhook's two are Stripe's answers, never this page's.
    const webhook: MessageCode[] = ["WEBHOOK_NOT_CONFIGURED", "WEBHOOK_SIGNATURE_INVALID"];
    // Every text of the checkout verbs is one of these codes' (from code to text: never the other way).
    expect(new Set(Object.values(checkoutMessages))).toEqual(new Set([...shown, ...webhook].map((code) => MESSAGE_CODES[code])));
    for (const code of shown) {
      const key = SUBSCRIBE_CODE_KEYS[code];
      expect(key, code).toBeDefined();
      expect(typeof lookup(key!), key).toBe("string");
    }
  });
});
