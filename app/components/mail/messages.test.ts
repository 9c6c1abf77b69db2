import { describe, expect, it } from "vitest";
import { EMAIL_MESSAGES } from "../../../api/services/mail/schemas";
import { NotFound } from "../../../api/services/core/errors";
import { EMAIL_MESSAGE_KEYS, isEmptyMessage, translateEmailMessage } from "./messages";

describe("e-mail dialog messages", () => {
  it("knows every text the verb answers the form with", () => {
    for (const text of [EMAIL_MESSAGES.sent, EMAIL_MESSAGES.subjectRequired, EMAIL_MESSAGES.subjectShort, EMAIL_MESSAGES.subjectLong, EMAIL_MESSAGES.subjectOneLine, EMAIL_MESSAGES.messageRequired, EMAIL_MESSAGES.messageTooLong, new NotFound("student").message]) {
      expect(EMAIL_MESSAGE_KEYS[text], text).toBeDefined();
    }
  });

  it("words the throttle by its wait and passes unknown texts through", () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;
    expect(translateEmailMessage(t, { message: "x", code: "RATE_LIMITED", retryAfterSeconds: 61 })).toBe('mail:errors.tooMany{"minutes":2}');
    expect(translateEmailMessage(t, { message: "Something else" })).toBe("Something else");
  });

  it("treats an emptied editor as no message", () => {
    expect(isEmptyMessage("")).toBe(true);
    expect(isEmptyMessage("<p><br></p>")).toBe(true);
    expect(isEmptyMessage("<p>&nbsp; </p>")).toBe(true);
    expect(isEmptyMessage("<p>Hi</p>")).toBe(false);
  });
});
