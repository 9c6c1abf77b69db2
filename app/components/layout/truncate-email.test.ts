import { describe, expect, it } from "vitest";
import { truncateEmail } from "./truncate-email";

describe("truncateEmail", () => {
  it("keeps an address of at most 20 characters as it is", () => {
    expect(truncateEmail("owner@demo.quiz")).toBe("owner@demo.quiz");
    expect(truncateEmail("a".repeat(20))).toBe("a".repeat(20));
  });

  it("cuts a longer address to 20 characters and adds an ellipsis", () => {
    expect(truncateEmail("stella.student@demo.quiz")).toBe("stella.student@demo....");
    expect(truncateEmail("a".repeat(21))).toBe(`${"a".repeat(20)}...`);
  });

  it("never splits a character made of two UTF-16 units", () => {
    const email = `${"😀".repeat(21)}@x.io`;
    expect(truncateEmail(email)).toBe(`${"😀".repeat(20)}...`);
  });

  it("accepts another limit", () => {
    expect(truncateEmail("student@demo.quiz", 7)).toBe("student...");
  });
});
