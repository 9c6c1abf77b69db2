import { describe, expect, it } from "vitest";
import { PLAN_INTERVALS } from "../../../db/schema/subscriptions";
import * as serverMessages from "../../../api/services/payments/messages";
import en from "../../../locales/en/payments.json";
import { messageCodeOf } from "../../../api/services/message-codes";
import { PAYMENT_CODE_KEYS, PLAN_INTERVAL_CHOICES, formatPrice } from "./messages";

const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe("payments page messages", () => {
  it("has words for the code of every message the payment verbs send, and English says it in the same words", () => {
    const { PLAN_MESSAGES, ...others } = serverMessages;
    const sent: string[] = [...Object.values(PLAN_MESSAGES).filter((message) => message !== PLAN_MESSAGES.idInvalid), ...Object.values(others)];
    for (const message of sent) {
      const code = messageCodeOf(message);
      expect(code, message).toBeDefined();
      const key = PAYMENT_CODE_KEYS[code!];
      expect(key, message).toBeDefined();
      // Same words; the page may set a terse notice in sentence case as a sentence (ADR 0049).
      expect(sameWords(String(lookup(key!)))).toBe(sameWords(message));
    }
  });

  it("offers the schema's intervals", () => {
    expect([...PLAN_INTERVAL_CHOICES]).toEqual([...PLAN_INTERVALS]);
  });

  it("formats prices in the business's currency and the reader's language", () => {
    expect(formatPrice(19.99, "USD", "en")).toBe("$19.99");
    expect(formatPrice(1200, "JPY", "en")).toBe("¥1,200");
    expect(formatPrice(9.5, "EUR", "fr")).toMatch(/^9,50\s€$/);
  });
});

/** A message's words, without the sentence case and closing stop a notice may add. */
function sameWords(message: string): string {
  return message.toLowerCase().replace(/[.!]$/, "");
}
