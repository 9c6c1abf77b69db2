import { describe, expect, it } from "vitest";
import { returnToOf, safeReturnPath, withReturnTo } from "./return-after-sign-in";

/** ADR 0075 "The join link": signing in returns to a join link, and never anywhere but this app's pages. */
describe("safeReturnPath", () => {
  it("takes a page of the app and gives it without the basename, its query kept", () => {
    expect(safeReturnPath("/quiz/student/join/ABCDE23456")).toBe("/student/join/ABCDE23456");
    expect(safeReturnPath("/quiz/student/quizPool?page=2")).toBe("/student/quizPool?page=2");
  });

  it.each([
    ["an absolute URL", "https://evil.example/quiz/student"],
    ["a scheme-relative URL", "//evil.example/quiz/student"],
    ["a backslash read as a slash", "/\\evil.example/quiz"],
    ["a backslash inside", "/quiz/\\\\evil.example"],
    ["a path leaving /quiz", "/quiz/../api/health"],
    ["an encoded way out", "/quiz/%2e%2e/api/health"],
    ["the API", "/api/classes"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a control character", "/quiz/student\n/join"],
    ["nothing", ""],
    ["no value", null],
  ])("refuses %s", (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe("returnToOf", () => {
  it("asks to return only to join links", () => {
    expect(returnToOf(new URL("http://x/quiz/student/join/ABCDE23456"))).toBe("/quiz/student/join/ABCDE23456");
    expect(returnToOf(new URL("http://x/quiz/student/quizPool"))).toBeNull();
    expect(returnToOf(new URL("http://x/quiz/student/join/ABCDE23456.data"))).toBeNull();
  });

  it("returns to LTI Dynamic Registration's confirmation with its query (the LMS's configuration and token), and the login page goes back to it", () => {
    const url = new URL("http://x/quiz/admin/lti/register?openid_configuration=https%3A%2F%2Flms.example%2Fconfig&registration_token=t1");
    const returnTo = returnToOf(url);
    expect(returnTo).toBe("/quiz/admin/lti/register?openid_configuration=https%3A%2F%2Flms.example%2Fconfig&registration_token=t1");
    expect(safeReturnPath(returnTo)).toBe("/admin/lti/register?openid_configuration=https%3A%2F%2Flms.example%2Fconfig&registration_token=t1");
    expect(returnToOf(new URL("http://x/quiz/admin/lti?x=1"))).toBeNull();
  });

  it("is carried on a link", () => {
    expect(withReturnTo("/auth/login", "/quiz/student/join/AB")).toBe("/auth/login?returnTo=%2Fquiz%2Fstudent%2Fjoin%2FAB");
    expect(withReturnTo("/auth/login", null)).toBe("/auth/login");
  });
});
