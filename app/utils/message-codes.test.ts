/**
 * Rewording an English server text cannot break a page's translation (issue 25 point 9,
 * docs/decisions/0061-codes-and-params.md): the pages translate the code and values the error
 * carries from where it is thrown, never its English words. And every code a page words has
 * its words in all six languages, with only the values its English template has.
 */
import Papa from "papaparse";
import { afterEach, describe, expect, it } from "vitest";
import { schemaText } from "../../api/services/core/coded";
import { type AppError, Conflict } from "../../api/services/core/errors";
import { parseCsv, SPEC_CSV_COLUMNS } from "../../api/services/imports/parse-csv";
import { fieldAnswers, MESSAGE_CODES, type MessageCode, refusalCodes, say } from "../../api/services/message-codes";
import { quizRuleIssues } from "../../api/services/quizzes/schemas";
import { LANGUAGE_CODES, loadMessages } from "../../locales/messages.node";
import { BANK_CODE_KEYS, translateBankMessage } from "../components/bank/messages";
import { QUIZ_CODE_KEYS, translateQuizErrors } from "../components/quizzes/messages";
import { RESULT_CODE_KEYS } from "../components/results/messages";
import { USER_CODE_KEYS } from "../components/users/messages";
import { SETTING_CODE_KEYS } from "../components/admin/messages";
import { FEEDBACK_DECISION_CODE_KEYS } from "../components/feedback/messages";
import { AUTH_CODE_KEYS, translateMessage } from "../components/auth/messages";
import { STUDENT_ANSWER_CODE_KEYS } from "../components/exam/answer-messages";
import { GRADING_CODE_KEYS } from "../components/results/grading-messages";
import { CLASS_CODE_KEYS } from "../components/classes/messages";
import { REPORT_CODE_KEYS } from "../components/reports/messages";
import { LTI_CODE_KEYS } from "../components/lti/messages";
import { AUTH_SCHEMA_PARAMS } from "../../api/services/auth/schema-messages";
import { ERROR_CODES, TooManyRequests } from "../../api/services/core/errors";
import { AdminSettingInput } from "../../api/services/admin-settings/schemas";
import { SendEmailInput } from "../../api/services/mail/schemas";
import { OfflineIdInput } from "../../api/services/payments/offline-schemas";
import { CategoryCourseInput } from "../../api/services/categories/schemas";
import { PaymentSettingsInput, PlanInput } from "../../api/services/payments/schemas";
import { assertMayChangeAccount } from "../../api/services/core/permissions";
import { invalidFromZod } from "../../api/services/core/errors";
import { type CodeKeys, sayAnswer } from "./message-codes";
import { Invalid } from "../../api/services/core/errors";
import { csvColumnOf } from "../../api/services/imports/parse-csv";
import { ruleProblems } from "../../api/services/imports/reasons";
import { describeProblems, importTranslator } from "../../api/services/imports/summary-language";
import { validateQuestion } from "../../api/services/questions/schemas";
import { checkQuizDraft } from "../../api/services/quizzes/check-quiz-draft";
import { callerOf, createTestServices } from "../../api/test-support/test-app.node";
import { createTenant } from "../../api/test-support/factories.node";
import { PAYMENT_CODE_KEYS } from "../components/payments/messages";
import { translateBankErrors } from "../components/bank/messages";

/** A page's t over the real locale files of one language, with i18next's `{{name}}` and `{{name, number}}`. */
function translator(language: string) {
  return (key: string, values?: Record<string, unknown>) => {
    const [namespace, path] = key.split(":");
    const text = loadMessages(namespace)[language as "en"]?.[path];
    if (text === undefined) return `MISSING ${language} ${key}`;
    return text.replace(/\{\{(\w+)(?:,\s*(number))?\}\}/g, (_, name: string, number?: string) =>
      number ? new Intl.NumberFormat(language).format(Number(values?.[name])) : String(values?.[name] ?? `{{${name}}}`),
    );
  };
}

/** The English templates as they are, to put back after a test rewords them. */
const original = { ...MESSAGE_CODES };
const reword = (code: MessageCode, text: string) => Object.assign(MESSAGE_CODES, { [code]: text });
afterEach(() => Object.assign(MESSAGE_CODES, original));

const csvOf = (rows: number) => Papa.unparse([[...SPEC_CSV_COLUMNS], ...Array.from({ length: rows }, (_, i) => [`Q${i}?`, "radio", "a", "b", "", "", "", "1", "Maths", "Algebra", "", "e"])]);

/** The import's whole-file refusal, from where it is thrown. */
async function refusalOf(csv: string): Promise<AppError> {
  try {
    await parseCsv(csv);
  } catch (error) {
    return error as AppError;
  }
  throw new Error("the file was accepted");
}

describe("a reworded English server text", () => {
  it("still shows the import's refusal in French, numbers included: the page reads the code and values, not the words", async () => {
    const t = translator("fr");
    const before = await refusalOf(csvOf(10_001));
    const shownBefore = translateBankMessage(t, { message: before.message, ...refusalCodes(before) });

    reword("IMPORT_TOO_MANY_ROWS", "Too many questions ({{count}} of {{max}}): split the file");
    const after = await refusalOf(csvOf(10_001));
    expect(after.message).toBe("Too many questions (10001 of 10000): split the file");
    const shownAfter = translateBankMessage(t, { message: after.message, ...refusalCodes(after) });

    expect(shownAfter).toBe(shownBefore);
    expect(shownAfter).toContain("Un fichier peut contenir au plus");
    expect(shownAfter).toMatch(/10\s001/);
  });

  it("still shows spec 8's count mismatch on the wizard's field in Japanese", () => {
    const t = translator("ja");
    const draft = { totalQuestion: 5, selectedQuestions: [1, 2, 3] };
    // The rules between fields, as the wizard's step check reads them (check-quiz-draft.ts, wizard.server.ts).
    const shown = () => {
      const sayings = Object.fromEntries(
        quizRuleIssues(draft).map(({ path, message: written }) => {
          const { message, coded } = schemaText(written);
          return [path, coded ? { ...coded, message } : message];
        }),
      );
      return translateQuizErrors(t, fieldAnswers(sayings)).selectedQuestions;
    };
    const before = shown();
    reword("QUIZ_COUNT_MISMATCH", "Selected {{m}} of {{n}} questions");
    expect(say("QUIZ_COUNT_MISMATCH", { n: 5, m: 3 }).message).toBe("Selected 3 of 5 questions");
    expect(shown()).toBe(before);
    expect(before).toContain("5");
    expect(before).toContain("3");
    expect(before).not.toMatch(/MISSING|You set|Selected/);
  });

  it("still shows the users page's refusal and success in French", () => {
    const t = translator("fr");
    // As the teacher-request verb throws and answers (decide-teacher-request.ts); the page adds the name.
    const shown = () => {
      const refusal = new Conflict(say("NO_TEACHER_REQUEST"));
      return [sayAnswer(t, USER_CODE_KEYS, { message: refusal.message, ...refusalCodes(refusal) }), sayAnswer(t, USER_CODE_KEYS, say("TEACHER_REQUEST_APPROVED"), { name: "Ana" })];
    };
    const before = shown();
    reword("NO_TEACHER_REQUEST", "Nothing to decide for this account");
    reword("TEACHER_REQUEST_APPROVED", "Approved");
    expect(say("NO_TEACHER_REQUEST").message).toBe("Nothing to decide for this account");
    expect(shown()).toEqual(before);
    expect(before).toEqual(["Ce compte n'a pas de demande d'enseignant", expect.stringContaining("Ana est maintenant enseignant")]);
  });

  it("still shows the owner's quiz settings refusal in German, from the real schema", () => {
    const t = translator("de");
    const shown = () => {
      const parsed = AdminSettingInput.safeParse({ quizTimeSettingAllowed: "Yes" });
      if (parsed.success) throw new Error("the settings were accepted");
      const refusal = invalidFromZod(parsed.error);
      return { english: refusal.message, page: sayAnswer(t, SETTING_CODE_KEYS, { message: refusal.message, ...refusalCodes(refusal) }) };
    };
    const before = shown();
    reword("SETTING_OPTIONS_REQUIRED", "Every option needs a Yes or a No");
    const after = shown();
    expect(after.english).toBe("Every option needs a Yes or a No");
    expect(after.page).toBe(before.page);
    expect(before.page).toBe("Bitte wählen Sie für jede Option Ja oder Nein");
  });

  it("still shows the teacher's feedback decision in Spanish", () => {
    const t = translator("es");
    // As the decision verb throws (decide-question-feedback.ts) when a decided feedback is decided again.
    const shown = () => {
      const refusal = new Conflict(say("FEEDBACK_REOPEN_FIRST"));
      return sayAnswer(t, FEEDBACK_DECISION_CODE_KEYS, { message: refusal.message, ...refusalCodes(refusal) });
    };
    const before = shown();
    reword("FEEDBACK_REOPEN_FIRST", "Reopen this feedback before deciding again");
    expect(say("FEEDBACK_REOPEN_FIRST").message).toBe("Reopen this feedback before deciding again");
    expect(shown()).toBe(before);
    expect(before).not.toMatch(/reopen it first|MISSING/);
  });

  it("keeps the e-mail form's checks' codes: said by code where checked, not found by their words", () => {
    reword("EMAIL_SUBJECT_REQUIRED", "Give the e-mail a subject");
    const refusal = invalidFromZod(SendEmailInput.safeParse({ studentName: "Ann", studentEmail: "ann@school.test", subject: "", message: "Hi" }).error!);
    expect(refusal.fieldErrors).toEqual({ subject: "Give the e-mail a subject" });
    expect(refusalCodes(refusal).errorCodes).toEqual({ subject: "EMAIL_SUBJECT_REQUIRED" });
  });

  it("keeps the offline payment's checks' codes when reworded", () => {
    reword("OFFLINE_ID_INVALID", "Which request?");
    const refusal = invalidFromZod(OfflineIdInput.safeParse({ id: "x" }).error!);
    expect([refusal.fieldErrors, refusalCodes(refusal).errorCodes]).toEqual([{ id: "Which request?" }, { id: "OFFLINE_ID_INVALID" }]);
  });

  it("keeps the category form's checks' codes when reworded", () => {
    reword("COURSE_NAME_LENGTH", "Course names: 2 to 50.");
    const refusal = invalidFromZod(CategoryCourseInput.safeParse({ category: "Maths", course: "x" }).error!);
    expect([refusal.fieldErrors, refusalCodes(refusal).errorCodes]).toEqual([{ course: "Course names: 2 to 50." }, { course: "COURSE_NAME_LENGTH" }]);
  });

  it("keeps the plan and payment settings checks' codes when reworded", () => {
    reword("PLAN_TITLE_REQUIRED", "Name the plan.");
    reword("CURRENCY_INVALID", "Pick a listed currency.");
    const plan = invalidFromZod(PlanInput.safeParse({ title: "", price: 5, interval: "month" }).error!);
    const settings = invalidFromZod(PaymentSettingsInput.safeParse({ CURRENCY: "xxx" }).error!);
    expect([plan.fieldErrors?.title, refusalCodes(plan).errorCodes?.title]).toEqual(["Name the plan.", "PLAN_TITLE_REQUIRED"]);
    expect([settings.fieldErrors?.CURRENCY, refusalCodes(settings).errorCodes?.CURRENCY]).toEqual(["Pick a listed currency.", "CURRENCY_INVALID"]);
  });

  it("keeps the permissions module's owner-account refusal's code when reworded", () => {
    reword("OWNER_ACCOUNT_FIXED", "Owners stay owners.");
    const owner = { userId: 1, profile: 2 };
    let refusal: AppError | undefined;
    try {
      assertMayChangeAccount(owner, { id: 1, profile: 2 });
    } catch (error) {
      refusal = error as AppError;
    }
    expect([refusal?.message, refusal && refusalCodes(refusal).code]).toEqual(["Owners stay owners.", "OWNER_ACCOUNT_FIXED"]);
  });

  it("still shows the quiz wizard's settings step refusals in French, from the real step check (checkQuizDraft)", async () => {
    const t = translator("fr");
    const services = await createTestServices();
    const { teacher } = await createTenant(services.db, "Reword School");
    const draft = { status: "DateRange", startDate: 2_000_000, endDate: 1_000_000, time: "soon" };
    // As the wizard's Next answers (wizard.server.ts) and its settings step words it.
    const shown = async () => {
      const answer = fieldAnswers(await checkQuizDraft(services, callerOf(teacher), { draft }, ["status", "startDate", "endDate", "time"]));
      return { english: answer.errors, page: translateQuizErrors(t, answer) };
    };
    const before = await shown();
    reword("QUIZ_START_AFTER_END", "The quiz cannot open after it closes");
    reword("QUIZ_TIME_INVALID", "Minutes: 1 to 100, or -1");
    const after = await shown();
    expect(after.english).toEqual({ startDate: "The quiz cannot open after it closes", time: "Minutes: 1 to 100, or -1" });
    expect(after.page).toEqual(before.page);
    expect(before.page).toEqual({ startDate: t("quizzes:errors.startAfterEnd"), time: t("quizzes:errors.timeInvalid") });
    expect(Object.values(before.page).join(" ")).not.toMatch(/MISSING|Start date|Time must/);
  });

  it("still shows the question editor's refusals in Japanese and the import's reasons in German, from the real question rules", () => {
    const t = translator("ja");
    const question = { questionText: "Q?", optionType: "radio", options: [{ optionText: "a", optionStatus: true }, { optionText: " " }], course: "Algebra", answerExplaination: "e" };
    // As the editor's action answers a refused save (createQuestion throws validateQuestion's errors), and the import files a rejected row.
    const shown = () => {
      const validation = validateQuestion(question);
      if (validation.success) throw new Error("the question was accepted");
      const refusal = new Invalid(Object.values(validation.errors)[0], validation.errors);
      const editor = translateBankErrors(t, { errors: refusal.fieldErrors, ...refusalCodes(refusal) });
      return { english: refusal.fieldErrors, editor, reasons: describeProblems(importTranslator("de"), ruleProblems(validation.errors, csvColumnOf)) };
    };
    const before = shown();
    reword("QUESTION_OPTION_EMPTY", "Every option needs words");
    reword("CATEGORY_REQUIRED", "Which category?");
    const after = shown();
    expect(after.english).toEqual({ "options.1.optionText": "Every option needs words", category: "Which category?" });
    expect(after.editor).toEqual(before.editor);
    expect(after.reasons).toBe(before.reasons);
    expect(before.editor).toEqual({ "options.1.optionText": t("bank:editor.errors.optionEmpty"), category: t("bank:errors.categoryRequired") });
    expect(before.reasons).not.toMatch(/Option value|category is required|Which|words/i);
  });

  it("still shows the card provider's acceptance of a key in Spanish", () => {
    const spanish = translator("es");
    // The owner's page's t, whose namespace is payments.
    const t = (key: string, values?: Record<string, unknown>) => spanish(`payments:${key}`, values);
    // As the payment settings verb answers (keyAnswer) and the owner's page says it.
    const shown = () => sayAnswer(t, PAYMENT_CODE_KEYS, say("PAYMENT_KEY_ACCEPTED"));
    const before = shown();
    reword("PAYMENT_KEY_ACCEPTED", "Key accepted.");
    expect(say("PAYMENT_KEY_ACCEPTED").message).toBe("Key accepted.");
    expect(shown()).toBe(before);
    expect(before).toBe(t("messages.keyAccepted"));
    expect(before).not.toMatch(/MISSING|card provider/);
  });

  it("still shows the sign-in throttle's wait in Chinese, its minutes included", () => {
    const t = translator("zh");
    // As the sign-in throttle throws (login-throttle.ts); the auth pages' translator reads the answer.
    const shown = () => {
      const refusal = new TooManyRequests(say("SIGN_IN_THROTTLED", { minutes: 15 }), 900);
      return translateMessage((key, values) => t(key, values), { message: refusal.message, ...refusalCodes(refusal) });
    };
    const before = shown();
    reword("SIGN_IN_THROTTLED", "Locked for {{minutes}} min after too many wrong passwords");
    expect(say("SIGN_IN_THROTTLED", { minutes: 15 }).message).toBe("Locked for 15 min after too many wrong passwords");
    expect(shown()).toBe(before);
    expect(before).toBe("登录失败次数过多。请在 15 分钟后重试。");
  });
});

/** The values a code's English text takes: its `{{name}}`s, or, for a text that is a function, the ones it is given. */
const FUNCTION_TEMPLATE_PARAMS: Partial<Record<MessageCode, readonly string[]>> = { IMPORT_MISSING_COLUMNS: ["count", "names"], TOO_MANY_UPLOADS: ["minutes"], TOO_MUCH_FEEDBACK: ["minutes"], SIGN_IN_THROTTLED: ["minutes"], TOO_MANY_ATTEMPTS: ["minutes"], ZIP_ENTRY_TOO_LARGE: ["name", "max"], ZIP_UNSAFE_PATH: ["name"], QTI_BAD_MANIFEST: ["detail"], QTI_MISSING_FILE: ["name"], ...AUTH_SCHEMA_PARAMS };
const paramsOf = (code: MessageCode): string[] => {
  if (!Object.hasOwn(MESSAGE_CODES, code)) return [];
  const template = MESSAGE_CODES[code];
  return typeof template === "function" ? [...(FUNCTION_TEMPLATE_PARAMS[code] ?? [])] : [...template.matchAll(/\{\{(\w+)/g)].map((m) => m[1]);
};
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1]);

describe("the pages' words for the codes", () => {
  /** Each page's words, and the values the page itself adds (a name it knows) beside the code's. */
  const pages: [string, CodeKeys, string[]][] = [
    ["bank", BANK_CODE_KEYS, []],
    ["quizzes", QUIZ_CODE_KEYS, []],
    ["results", RESULT_CODE_KEYS, []],
    ["users", USER_CODE_KEYS, ["name"]],
    ["quiz settings", SETTING_CODE_KEYS, []],
    ["feedback decision", FEEDBACK_DECISION_CODE_KEYS, []],
    // The forms' checks name their field ({ field }); the page puts its label in as {{name}}.
    ["auth", AUTH_CODE_KEYS, ["name"]],
    ["exam answers", STUDENT_ANSWER_CODE_KEYS, []],
    ["grading", GRADING_CODE_KEYS, []],
    ["classes", CLASS_CODE_KEYS, []],
    ["reports", REPORT_CODE_KEYS, []],
    ["lti", LTI_CODE_KEYS, []],
  ];
  it("exist in all six languages for every code a page words, and use only the values the code's English text has", () => {
    for (const [, keys, added] of pages) {
      for (const [code, key] of Object.entries(keys) as [MessageCode, string][]) {
        // A code of the catalogue, or a general one of the errors (core/errors.ts ERROR_CODES).
        expect(Object.hasOwn(MESSAGE_CODES, code) || (ERROR_CODES as readonly string[]).includes(code), code).toBe(true);
        const [namespace, path] = key.split(":");
        const all = loadMessages(namespace);
        for (const language of LANGUAGE_CODES) {
          const text = all[language][path];
          expect(text, `${language} ${key}`).toBeDefined();
          for (const name of placeholders(text)) expect([...paramsOf(code), ...added], `${language} ${key} {{${name}}}`).toContain(name);
        }
      }
    }
  });

  it("cover every code said with values, so no page shows such a text in English", () => {
    const worded = new Set(pages.flatMap(([, keys]) => Object.keys(keys)));
    const withValues = (Object.keys(MESSAGE_CODES) as MessageCode[]).filter((code) => paramsOf(code).length > 0);
    expect(withValues.filter((code) => !worded.has(code))).toEqual([]);
  });
});
