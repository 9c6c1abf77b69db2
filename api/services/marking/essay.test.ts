import { describe, expect, it } from "vitest";
import { EssayAnswer, EssayKey, essayWordCount } from "./essay";
import { markAnswer } from "./mark-answer";

describe("essay", () => {
  it("waits for a grader when something was written, and is unanswered otherwise", () => {
    expect(markAnswer({ optionType: "essay" }, { html: "<p>It depends.</p>" })).toEqual({ fraction: null, status: "pending", answered: true });
    expect(markAnswer({ optionType: "essay" }, { html: "<p> </p>" })).toEqual({ fraction: 0, status: "no", answered: false });
    expect(markAnswer({ optionType: "essay" }, undefined)).toEqual({ fraction: 0, status: "no", answered: false });
  });

  it("counts words between tags and entities", () => {
    expect(essayWordCount("<p>One two&nbsp;three</p><p>don't stop-gap 42</p>")).toBe(6);
    expect(essayWordCount("")).toBe(0);
  });

  it("sanitises the student's HTML and caps it at 20,000 characters", () => {
    expect(EssayAnswer.parse({ html: "<p onclick=alert(1)>Hi<script>x()</script></p>" }).html).toBe("<p>Hi</p>");
    expect(EssayAnswer.safeParse({ html: "a".repeat(20_001) }).success).toBe(false);
    expect(EssayAnswer.safeParse({ html: "a".repeat(20_000) }).success).toBe(true);
  });

  it("sanitises the author's grader information and response template, which pages render as HTML", () => {
    const key = EssayKey.parse({ graderInfo: "<p>Two causes<img src=x onerror=alert(1)></p>", responseTemplate: "<script>steal()</script><p>Dear …</p>" });
    expect(key).toMatchObject({ graderInfo: "<p>Two causes</p>", responseTemplate: "<p>Dear …</p>" });
  });
});
