import { describe, expect, it } from "vitest";
import { EMAIL_MESSAGES } from "../../../api/services/mail/schemas";
import { AppError } from "../../../api/services/core/errors";
import { MESSAGE_CODES, refusalCodes, say } from "../../../api/services/message-codes";
import en from "../../../locales/en/mail.json";
import { EMAIL_CODE_KEYS, isEmptyMessage, translateEmailErrors, translateEmailMessage } from "./messages";

const lookup = (key: string) => key.replace(/^mail:/, "").split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;

describe("e-mail dialog messages", () => {
  it("has words for the code of every text the verb answers the form with, and English says the verb's words", () => {
    const codes = { EMAIL_SENT: "sent", EMAIL_SUBJECT_REQUIRED: "subjectRequired", MIN_2_SYMBOLS: "subjectShort", MAX_50_SYMBOLS: "subjectLong", EMAIL_SUBJECT_ONE_LINE: "subjectOneLine", EMAIL_MESSAGE_REQUIRED: "messageRequired", EMAIL_MESSAGE_TOO_LONG: "messageTooLong" } as const;
    for (const [code, text] of Object.entries(codes) as [keyof typeof codes, (typeof codes)[keyof typeof codes]][]) {
      // From code to text, never the other way: each of the verb's texts is its code's.
      expect(MESSAGE_CODES[code], code).toBe(EMAIL_MESSAGES[text]);
      const key = EMAIL_CODE_KEYS[code];
      expect(key, code).toBeDefined();
      expect(lookup(key!), code).toBe(EMAIL_MESSAGES[text]);
    }
    expect(refusalCodes(new AppError(404, say("STUDENT_NOT_FOUND"))).code).toBe("STUDENT_NOT_FOUND");
    expect(EMAIL_CODE_KEYS.STUDENT_NOT_FOUND).toBeDefined();
  });

  it("translates by code, not by the English text: a reworded text with its code still gets the words", () => {
    expect(translateEmailMessage(t, { message: "Subject missing (reworded)", code: "EMAIL_SUBJECT_REQUIRED" })).toBe("mail:errors.subjectRequired");
    expect(translateEmailMessage(t, { message: MESSAGE_CODES.EMAIL_SUBJECT_REQUIRED })).toBe(MESSAGE_CODES.EMAIL_SUBJECT_REQUIRED);
    expect(translateEmailErrors(t, { errors: { subject: "Too short", message: "Some other text" }, errorCodes: { subject: "MIN_2_SYMBOLS" } })).toEqual({ subject: "mail:errors.subjectShort", message: "Some other text" });
  });

  it("words the throttle by its wait and passes unknown texts through", () => {
    expect(translateEmailMessage(t, { message: "x", code: "RATE_LIMITED", retryAfterSeconds: 61 })).toBe('mail:errors.tooMany{"minutes":2}');
    expect(translateEmailMessage(t, { message: "Something else", code: "VALIDATION" })).toBe("Something else");
  });

  it("treats an emptied editor as no message", () => {
    expect(isEmptyMessage("")).toBe(true);
    expect(isEmptyMessage("<p><br></p>")).toBe(true);
    expect(isEmptyMessage("<p>&nbsp; </p>")).toBe(true);
    expect(isEmptyMessage("<p>Hi</p>")).toBe(false);
  });
});
