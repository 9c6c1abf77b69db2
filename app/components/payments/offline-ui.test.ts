import { describe, expect, it } from "vitest";
import { afterOneInterval, offlineMessageKey, offlineReference } from "./offline-ui";
import { OFFLINE_MESSAGES } from "../../../api/services/payments/offline-messages";
import { MESSAGE_CODE_NAMES, MESSAGE_CODES } from "../../../api/services/message-codes";
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
    // The field checks of a request only an API client makes (ids, the status) are not worded.
    const codes = MESSAGE_CODE_NAMES.filter((code) => code.startsWith("OFFLINE_") && !["OFFLINE_ID_INVALID", "OFFLINE_PLAN_ID_INVALID", "OFFLINE_STATUS_INVALID"].includes(code));
    expect(new Set(Object.values(OFFLINE_MESSAGES))).toEqual(new Set([...codes, "OFFLINE_ID_INVALID", "OFFLINE_PLAN_ID_INVALID", "OFFLINE_STATUS_INVALID"].map((code) => MESSAGE_CODES[code as keyof typeof MESSAGE_CODES])));
    for (const code of codes) {
      const key = offlineMessageKey({ code });
      expect(key, code).not.toBeNull();
      expect(messages[key!.replace("messages.", "")], code).toBeTruthy();
    }
    expect(offlineMessageKey({ code: "NOT_FOUND" })).toBe("messages.notFound");
    // By code only: the English text alone (a client that dropped the code) is shown as sent.
    expect(offlineMessageKey({ code: undefined })).toBeNull();
    expect(offlineReference(42)).toBe("OFF-42");
  });
});
