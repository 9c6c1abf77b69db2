import { describe, expect, it } from "vitest";
import { CATEGORY_COURSE_ADDED, CATEGORY_COURSE_EXISTS } from "../../../api/services/categories/create-category-course";
import { CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH } from "../../../api/services/categories/schemas";
import { loadMessages } from "../../../locales/messages.node";
import { BANK_MESSAGES, translateBankMessage } from "./messages";

describe("the bank's translations of server messages", () => {
  it("cover exactly the texts the category/course verbs send", () => {
    expect(BANK_MESSAGES.sort()).toEqual(
      [CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH("Category"), NAME_LENGTH("Course"), CATEGORY_COURSE_EXISTS, CATEGORY_COURSE_ADDED].sort(),
    );
  });

  it("render in the user's language and keep unknown texts", () => {
    const ja = loadMessages("bank").ja;
    const t = (key: string) => ja[key.replace(/^bank:/, "")] ?? key;
    expect(translateBankMessage(t, CATEGORY_REQUIRED)).toBe("問題のカテゴリーは必須です");
    expect(translateBankMessage(t, "Something else")).toBe("Something else");
  });
});
