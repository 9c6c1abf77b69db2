import { describe, expect, it } from "vitest";
import * as checkoutMessages from "../../../api/services/payments/checkout-messages";
import { messageCodeOf } from "../../../api/services/message-codes";
import en from "../../../locales/en/subscribe.json";
import { SUBSCRIBE_CODE_KEYS } from "./messages";

const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe("subscription page messages", () => {
  it("has words, in the page's namespace, for the code of every message the checkout verbs send the page", () => {
    // The webhook's two are Stripe's answers, never this page's.
    const webhook = [checkoutMessages.WEBHOOK_NOT_CONFIGURED, checkoutMessages.WEBHOOK_SIGNATURE_INVALID];
    for (const message of Object.values(checkoutMessages)) {
      const code = messageCodeOf(message);
      expect(code, message).toBeDefined();
      if (webhook.includes(message)) continue;
      const key = SUBSCRIBE_CODE_KEYS[code!];
      expect(key, message).toBeDefined();
      expect(typeof lookup(key!), key).toBe("string");
    }
  });
});
