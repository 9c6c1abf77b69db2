import { expect, it } from "vitest";
import { FEEDBACK_MESSAGES } from "../../../api/services/feedback/send-question-feedback";
import { loadMessages } from "../../../locales/messages.node";
import { tooMany } from "../../../api/services/auth/rate-limit";
import { RESULT_PAGE_MESSAGES, translateResultMessage } from "./messages";

it("the result page translates the feedback verb's own texts, in every language", () => {
  expect(RESULT_PAGE_MESSAGES.sort()).toEqual([FEEDBACK_MESSAGES.textRequired, FEEDBACK_MESSAGES.textTooLong].sort());
  for (const [lang, messages] of Object.entries(loadMessages("results"))) {
    for (const message of RESULT_PAGE_MESSAGES) expect(translateResultMessage((key) => messages[key.replace(/^results:/, "")] ?? `MISSING ${lang}`, message)).not.toMatch(/^MISSING/);
  }
});

it("says the feedback rate limit's wait in the student's language, with its minutes", () => {
  const sent = tooMany(FEEDBACK_MESSAGES.tooMuch)(9 * 60 + 5).message;
  expect(sent).toBe("You have sent a lot of feedback. Please try again in 10 minutes.");
  for (const [lang, messages] of Object.entries(loadMessages("results"))) {
    const said = translateResultMessage((key, values) => (messages[key.replace(/^results:/, "")] ?? `MISSING ${lang}`).replace("{{minutes}}", values?.minutes ?? "?"), sent);
    expect(said, lang).toContain("10");
    expect(said, lang).not.toMatch(/MISSING|\{\{/);
  }
});
