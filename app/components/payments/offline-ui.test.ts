import { describe, expect, it } from "vitest";
import { afterOneInterval, offlineMessageKey, offlineReference } from "./offline-ui";
import { OFFLINE_MESSAGES } from "../../../api/services/payments/offline-messages";
import { messageCodeOf } from "../../../api/services/message-codes";
import en from "../../../locales/en/offline.json";

describe("the Mark paid dialog's default end (today + the plan's interval, UTC)", () => {
  it.each([
    ["2026-11-27", "day", "2026-11-28"],
    ["2026-12-31", "day", "2027-01-01"],
    ["2026-11-27", "week", "2026-12-04"],
    ["2026-11-27", "month", "2026-12-27"],
    ["2027-01-31", "month", "2027-02-28"],
    ["2028-01-31", "month", "2028-02-29"],
    ["2026-11-30", "quarterly", "2027-02-28"],
    ["2028-02-29", "year", "2029-02-28"],
  ] as const)("%s + %s = %s", (from, interval, expected) => expect(afterOneInterval(from, interval)).toBe(expected));
});

describe("offline messages", () => {
  it("every service message has a code, and the code a key in offline.json; a 404 says so plainly", () => {
    const messages = en.messages as Record<string, string>;
    for (const message of Object.values(OFFLINE_MESSAGES).filter((text) => !text.includes("whole number") && !text.startsWith("status must"))) {
      const key = offlineMessageKey({ code: messageCodeOf(message) });
      expect(key, message).not.toBeNull();
      expect(messages[key!.replace("messages.", "")], message).toBeTruthy();
    }
    expect(offlineMessageKey({ code: "NOT_FOUND" })).toBe("messages.notFound");
    // By code only: the English text alone (a client that dropped the code) is shown as sent.
    expect(offlineMessageKey({ code: undefined })).toBeNull();
    expect(offlineReference(42)).toBe("OFF-42");
  });
});
