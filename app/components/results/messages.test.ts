import { expect, it } from "vitest";
import { FEEDBACK_MESSAGES } from "../../../api/services/feedback/send-question-feedback";
import { loadMessages } from "../../../locales/messages.node";
import { RESULT_PAGE_MESSAGES, translateResultMessage } from "./messages";

it("the result page translates the feedback verb's own texts, in every language", () => {
  expect(RESULT_PAGE_MESSAGES.sort()).toEqual([FEEDBACK_MESSAGES.textRequired, FEEDBACK_MESSAGES.textTooLong].sort());
  for (const [lang, messages] of Object.entries(loadMessages("results"))) {
    for (const message of RESULT_PAGE_MESSAGES) expect(translateResultMessage((key) => messages[key.replace(/^results:/, "")] ?? `MISSING ${lang}`, message)).not.toMatch(/^MISSING/);
  }
});
