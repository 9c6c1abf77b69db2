import { describe, expect, it } from "vitest";
import { CATEGORY_COURSE_ADDED, CATEGORY_COURSE_EXISTS } from "../../../api/services/categories/create-category-course";
import { CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH } from "../../../api/services/categories/schemas";
import { NotFound } from "../../../api/services/core/errors";
import { IMAGE_NOT_UPLOADED } from "../../../api/services/questions/check-image-keys";
import { QUESTION_ADDED } from "../../../api/services/questions/create-question";
import { QUESTION_DELETED } from "../../../api/services/questions/delete-question";
import { QUESTION_IN_USE, QUESTION_NOT_FOUND, QUESTION_TAKEN } from "../../../api/services/questions/question-usage";
import { QUESTION_MESSAGES } from "../../../api/services/questions/schemas";
import { UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "../../../api/services/categories/resolve-category-course";
import { QUESTION_UPDATED } from "../../../api/services/questions/update-question";
import { loadMessages } from "../../../locales/messages.node";
import { messageCodeOf } from "../../../api/services/message-codes";
import { NOT_ONE_LINE } from "../../../api/services/core/single-line";
import { BANK_CODE_KEYS, translateBankMessage } from "./messages";

/** A verb's answer as the page gets it: the text and its code. */
const answer = (message: string) => ({ message, code: messageCodeOf(message) });

describe("the bank's translations of server messages", () => {
  it("have words for the code of exactly the texts the category/course and question verbs send the bank's pages", () => {
    const { optionStatus: _notShown, imageKey: _notShownEither, ...questionMessages } = QUESTION_MESSAGES;
    const shownCodes = Object.keys(BANK_CODE_KEYS).sort();
    expect(shownCodes).toEqual(
      [
        CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH("Category"), NAME_LENGTH("Course"), CATEGORY_COURSE_EXISTS, CATEGORY_COURSE_ADDED,
        ...Object.values(questionMessages), IMAGE_NOT_UPLOADED, QUESTION_TAKEN, QUESTION_IN_USE,
        QUESTION_ADDED, QUESTION_UPDATED, QUESTION_DELETED, UNKNOWN_CATEGORY, UNKNOWN_COURSE, NOT_ONE_LINE,
      ]
        .map((message) => messageCodeOf(message) ?? `no code for ${message}`)
        .sort(),
    );
  });

  it("have a text in every language for every message", () => {
    for (const [lang, messages] of Object.entries(loadMessages("bank"))) {
      for (const [code, key] of Object.entries(BANK_CODE_KEYS)) {
        const t = (wanted: string) => messages[wanted.replace(/^bank:/, "")] ?? `MISSING ${lang} ${wanted}`;
        expect(translateBankMessage(t, { message: "", code }), key).not.toMatch(/^MISSING/);
      }
    }
  });

  it("render in the user's language and keep unknown texts", () => {
    const ja = loadMessages("bank").ja;
    const t = (key: string) => ja[key.replace(/^bank:/, "")] ?? key;
    expect(translateBankMessage(t, answer(CATEGORY_REQUIRED))).toBe("問題のカテゴリーは必須です");
    // By code, not by text: the same words reworded still translate; the text without its code is shown as sent.
    expect(translateBankMessage(t, { message: "Category, please", code: "CATEGORY_REQUIRED" })).toBe("問題のカテゴリーは必須です");
    expect(translateBankMessage(t, { message: CATEGORY_REQUIRED })).toBe(CATEGORY_REQUIRED);
    expect(translateBankMessage(t, answer("Something else"))).toBe("Something else");
    // A question that is gone: the general 404 (its text keeps NOT_FOUND, on which the exam decides too).
    expect(translateBankMessage(t, { message: new NotFound(QUESTION_NOT_FOUND).message, code: "NOT_FOUND" })).toBe(ja["editor.errors.notFound"]);
  });
});

describe("the upload dialog's whole-file refusals", () => {
  it("are the import's own texts, in every language, names and numbers kept", async () => {
    const { CSV_MESSAGES } = await import("../../../api/services/imports/parse-csv");
    const { GIFT_MESSAGES } = await import("../../../api/services/imports/parse-gift");
    const { UPLOAD_MESSAGES } = await import("../../../api/services/files/rules");
    const { tooMany } = await import("../../../api/services/auth/rate-limit");
    const sent = [
      CSV_MESSAGES.noHeader,
      CSV_MESSAGES.missingColumns(["correct", "course"]),
      CSV_MESSAGES.tooManyRows(12_345),
      GIFT_MESSAGES.empty,
      "The file is too large. The maximum size is 5 MB",
      tooMany(UPLOAD_MESSAGES.tooMany)(17 * 60).message,
      UPLOAD_MESSAGES.accountQuota,
      UPLOAD_MESSAGES.businessQuota,
    ];
    for (const [lang, messages] of Object.entries(loadMessages("bank"))) {
      const t = (key: string, values?: Record<string, string>) => {
        const text = messages[key.replace(/^bank:/, "")];
        return text === undefined ? `MISSING ${lang} ${key}` : text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? "?");
      };
      const shown = sent.map((message) => translateBankMessage(t, { message }));
      expect(shown.filter((text) => text.startsWith("MISSING") || sent.includes(text) && lang !== "en")).toEqual([]);
      expect(shown[1]).toContain("correct, course");
      expect(shown[2]).toContain("12,345");
      expect(shown[5]).toContain("17");
      expect(shown[6]).toContain("2 GB");
      expect(shown[7]).toContain("20 GB");
    }
  });
});
