import { describe, expect, it } from "vitest";
import { PLAN_INTERVALS } from "../../../db/schema/subscriptions";
import * as serverMessages from "../../../api/services/payments/messages";
import en from "../../../locales/en/payments.json";
import { MESSAGE_CODES, type MessageCode } from "../../../api/services/message-codes";
import { PAYMENT_CODE_KEYS, PLAN_INTERVAL_CHOICES, formatPrice } from "./messages";

const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe("payments page messages", () => {
  it("has words for the code of every message the payment verbs send, and English says it in the same words", () => {
    const { PLAN_MESSAGES, ...others } = serverMessages;
    const sent: string[] = [...Object.values(PLAN_MESSAGES).filter((message) => message !== PLAN_MESSAGES.idInvalid), ...Object.values(others)];
    const codes: MessageCode[] = [
      "PLAN_TITLE_REQUIRED", "MIN_2_CHARACTERS", "MAX_40_CHARACTERS", "MAX_255_SYMBOLS", "PLAN_PRICE_REQUIRED", "PLAN_PRICE_NOT_A_NUMBER", "PLAN_PRICE_OUT_OF_RANGE",
      "PLAN_PRICE_DECIMALS", "PLAN_INTERVAL_REQUIRED", "PLAN_INTERVAL_INVALID", "PLAN_CREATED", "PLAN_UPDATED", "PLAN_DELETED", "PAYMENT_SETTINGS_UPDATED", "CURRENCY_INVALID",
      "PAYMENT_KEY_TOO_LONG", "PAYMENT_SECRET_KEY_MISSING", "CURRENCY_LOCKED", "PAYMENT_SECRETS_KEY_MISSING", "PLAN_CHANGED_MEANWHILE", "PAYMENT_PROVIDER_FAILED",
      "PAYMENT_PROVIDER_UNREACHABLE", "PAYMENT_KEY_REFUSED", "PAYMENT_KEY_ACCEPTED",
    ];
    // Every text the payment verbs send is one of these codes' (from code to text: never the other way).
    expect(new Set(sent)).toEqual(new Set(codes.map((code) => MESSAGE_CODES[code])));
    for (const code of codes) {
      const key = PAYMENT_CODE_KEYS[code];
      expect(key, code).toBeDefined();
      // Same words; the page may set a terse notice in sentence case as a sentence (ADR 0049).
      expect(sameWords(String(lookup(key!)))).toBe(sameWords(String(MESSAGE_CODES[code])));
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
