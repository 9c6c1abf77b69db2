import { describe, expect, it } from "vitest";
import { CATEGORY_REQUIRED } from "../../../api/services/categories/schemas";
import { NotFound } from "../../../api/services/core/errors";
import { QUESTION_NOT_FOUND } from "../../../api/services/questions/question-usage";
import { QUESTION_CODES } from "../../../api/services/questions/schemas";
import { loadMessages } from "../../../locales/messages.node";
import { say } from "../../../api/services/message-codes";
import { ANSWER_KEY_MESSAGES } from "../../../api/services/marking/messages";
import { EXPORT_QUESTION_MESSAGES } from "../../../api/services/exchange/export/messages";
import { BANK_CODE_KEYS, translateBankMessage } from "./messages";


describe("the bank's translations of server messages", () => {
  it("have words for the code of exactly the texts the category/course and question verbs send the bank's pages", () => {
    // The question rules an editor's form can break (optionStatus and imageKey are set by the page, never typed).
    const { optionStatus: _notShown, imageKey: _notShownEither, ...questionCodes } = QUESTION_CODES;
    const shownCodes = Object.keys(BANK_CODE_KEYS).sort();
    expect(shownCodes).toEqual(
      ([
        "CATEGORY_REQUIRED", "COURSE_REQUIRED", "CATEGORY_NAME_LENGTH", "COURSE_NAME_LENGTH", "CATEGORY_COURSE_EXISTS", "CATEGORY_COURSE_ADDED",
        ...Object.values(questionCodes), "QUESTION_OPTIONS_NOT_FOR_TYPE", "IMAGE_NOT_UPLOADED", "QUESTIONS_LOCKED_BY_ATTEMPTS", "QUESTION_IN_USE",
        "QUESTION_ADDED", "QUESTION_UPDATED", "QUESTION_DELETED", "UNKNOWN_CATEGORY", "UNKNOWN_COURSE", "TEXT_NOT_ONE_LINE",
      ] as string[])
        .concat(["IMPORT_FILE_EMPTY", "IMPORT_MISSING_COLUMNS", "IMPORT_TOO_MANY_ROWS", "IMPORT_NO_GIFT_QUESTIONS", "IMPORT_XML_ENTITIES", "IMPORT_XML_MALFORMED", "IMPORT_NOT_MOODLE_XML", "IMPORT_NO_MOODLE_XML_QUESTIONS", "FILE_TOO_LARGE", "FILE_MAX_SIZE", "TOO_MANY_UPLOADS", "UPLOAD_ACCOUNT_QUOTA", "UPLOAD_BUSINESS_QUOTA"])
        // The question types' answer keys (issue 26): every rule of api/services/marking, by its code.
        .concat(Object.keys(ANSWER_KEY_MESSAGES))
        // The question export's refusals (issue 28 point 3): every code of its catalogue.
        .concat(Object.keys(EXPORT_QUESTION_MESSAGES))
        // An IMS QTI package refused as a whole (issue 28, ADR 0084).
        .concat(["ZIP_NOT_A_ZIP", "ZIP_UNREADABLE", "ZIP_TOO_MANY_ENTRIES", "ZIP_TOO_LARGE", "ZIP_ENTRY_TOO_LARGE", "ZIP_UNSAFE_PATH", "QTI_NO_MANIFEST", "QTI_BAD_MANIFEST", "QTI_NO_ITEMS", "QTI_MISSING_FILE", "QTI_XML_ENTITIES"])
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
    expect(translateBankMessage(t, say("CATEGORY_REQUIRED"))).toBe("問題のカテゴリーは必須です");
    // By code, not by text: the same words reworded still translate; the text without its code is shown as sent.
    expect(translateBankMessage(t, { message: "Category, please", code: "CATEGORY_REQUIRED" })).toBe("問題のカテゴリーは必須です");
    expect(translateBankMessage(t, { message: CATEGORY_REQUIRED })).toBe(CATEGORY_REQUIRED);
    expect(translateBankMessage(t, { message: "Something else" })).toBe("Something else");
    // A question that is gone: the general 404 (its text keeps NOT_FOUND, on which the exam decides too).
    expect(translateBankMessage(t, { message: new NotFound(QUESTION_NOT_FOUND).message, code: "NOT_FOUND" })).toBe(ja["editor.errors.notFound"]);
  });
});

describe("the upload dialog's whole-file refusals", () => {
  it("are said by their code and values in every language, names and numbers kept (ADR 0061)", async () => {
    const { tooManyAs } = await import("../../../api/services/auth/rate-limit");
    const sent = [
      say("IMPORT_FILE_EMPTY"),
      say("IMPORT_MISSING_COLUMNS", { names: "correct, course", count: 2 }),
      say("IMPORT_TOO_MANY_ROWS", { max: 10_000, count: 12_345 }),
      say("IMPORT_NO_GIFT_QUESTIONS"),
      say("FILE_TOO_LARGE", { max: "5 MB" }),
      tooManyAs("TOO_MANY_UPLOADS")(17 * 60),
      say("UPLOAD_ACCOUNT_QUOTA", { max: "2 GB" }),
      say("UPLOAD_BUSINESS_QUOTA", { max: "20 GB" }),
      say("IMPORT_XML_ENTITIES"),
      say("IMPORT_XML_MALFORMED", { line: 3, detail: "Closing tag 'quiz' is expected" }),
      say("IMPORT_NOT_MOODLE_XML"),
      say("IMPORT_NO_MOODLE_XML_QUESTIONS"),
    ].map((said) => ({ message: said.message, code: "code" in said ? said.code : undefined, params: "params" in said ? said.params : undefined }));
    for (const [lang, messages] of Object.entries(loadMessages("bank"))) {
      const t = (key: string, values?: Record<string, unknown>) => {
        const text = messages[key.replace(/^bank:/, "")];
        return text === undefined ? `MISSING ${lang} ${key}` : text.replace(/\{\{(\w+)(, number)?\}\}/g, (_, name: string, number?: string) => (number ? Number(values?.[name]).toLocaleString("en") : String(values?.[name] ?? "?")));
      };
      const shown = sent.map((answer) => translateBankMessage(t, answer));
      expect(shown.filter((text) => text.startsWith("MISSING") || (sent.some((answer) => answer.message === text) && lang !== "en"))).toEqual([]);
      expect(shown[1]).toContain("correct, course");
      expect(shown[2]).toContain("12,345");
      expect(shown[5]).toContain("17");
      expect(shown[6]).toContain("2 GB");
      expect(shown[7]).toContain("20 GB");
      expect(shown[9]).toContain("3");
      expect(shown[9]).toContain("Closing tag 'quiz' is expected");
    }
  });
});
