import { expect, it } from "vitest";
import { tooManyAs } from "../../../api/services/auth/rate-limit";
import { say } from "../../../api/services/message-codes";
import { loadMessages } from "../../../locales/messages.node";
import { RESULT_CODE_KEYS, translateResultMessage } from "./messages";

const inLanguage = (messages: Record<string, string>, lang: string) => (key: string, values?: Record<string, unknown>) =>
  (messages[key.replace(/^results:/, "")] ?? `MISSING ${lang}`).replace("{{minutes}}", String(values?.minutes ?? "?"));

it("the result page translates the feedback verb's own texts by code, in every language", () => {
  expect(Object.keys(RESULT_CODE_KEYS).sort()).toEqual(["CERTIFICATE_BELOW_PASS_MARK", "FEEDBACK_TEXT_REQUIRED", "FEEDBACK_TEXT_TOO_LONG", "TOO_MUCH_FEEDBACK"]);
  for (const [lang, messages] of Object.entries(loadMessages("results"))) {
    for (const code of ["FEEDBACK_TEXT_REQUIRED", "FEEDBACK_TEXT_TOO_LONG"] as const) expect(translateResultMessage(inLanguage(messages, lang), say(code))).not.toMatch(/^MISSING/);
  }
  // The English texts as the spec has them.
  expect([say("FEEDBACK_TEXT_REQUIRED").message, say("FEEDBACK_TEXT_TOO_LONG").message]).toEqual(["Please write your feedback", "Feedback must be at most 2000 characters"]);
});

it("says the feedback rate limit's wait in the student's language, with its minutes as sent in params", () => {
  const refusal = tooManyAs("TOO_MUCH_FEEDBACK")(9 * 60 + 5);
  expect(refusal.message).toBe("You have sent a lot of feedback. Please try again in 10 minutes.");
  expect(refusal.params).toEqual({ minutes: 10 });
  for (const [lang, messages] of Object.entries(loadMessages("results"))) {
    const said = translateResultMessage(inLanguage(messages, lang), { message: refusal.message, code: refusal.code, params: refusal.params });
    expect(said, lang).toContain("10");
    expect(said, lang).not.toMatch(/MISSING|\{\{/);
  }
});

it("says a certificate refused below the pass mark with the quiz's pass mark, in every language (ADR 0076)", () => {
  const refusal = say("CERTIFICATE_BELOW_PASS_MARK", { passPercentage: 62.5 });
  for (const [lang, messages] of Object.entries(loadMessages("results"))) {
    const withMark = (key: string, values?: Record<string, unknown>) => inLanguage(messages, lang)(key).replace("{{passPercentage}}", String(values?.passPercentage ?? "?"));
    const said = translateResultMessage(withMark, { message: refusal.message, code: refusal.code, params: refusal.params });
    expect(said, lang).toContain("62.5");
    expect(said, lang).not.toMatch(/MISSING|\{\{/);
    // The page's own words, not the server's English text passed through.
    expect(said, lang).not.toBe(refusal.message);
  }
});
