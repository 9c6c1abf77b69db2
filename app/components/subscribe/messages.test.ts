import { describe, expect, it } from "vitest";
import * as checkoutMessages from "../../../api/services/payments/checkout-messages";
import en from "../../../locales/en/subscribe.json";
import { SUBSCRIBE_MESSAGE_KEYS } from "./messages";

const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe("subscription page messages", () => {
  it("has words, in the page's namespace, for every message the checkout verbs send", () => {
    for (const message of Object.values(checkoutMessages)) {
      const key = SUBSCRIBE_MESSAGE_KEYS[message];
      expect(key, message).toBeDefined();
      expect(typeof lookup(key), key).toBe("string");
    }
  });
});
