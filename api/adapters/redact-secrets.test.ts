import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "./redact-secrets";

describe("redactSecrets", () => {
  it("removes each named secret, raw and HTML-escaped, and nothing else", () => {
    const link = "https://q.test/quiz/auth/login/pub/priv-key/quiz?x=1&y=2";
    const body = `<a href="${link.replace(/&/g, "&amp;")}">go</a> ${link} and ${link.replace(/&/g, "&#38;")} https://q.test/quiz/terms`;
    const result = redactSecrets(body, [link]);
    expect(result).not.toContain("priv-key");
    expect(result.split(REDACTED)).toHaveLength(4);
    expect(result).toContain("https://q.test/quiz/terms");
  });

  it("removes a link whole before a token inside it, and ignores empty secrets", () => {
    const token = "tok123";
    const link = `https://q.test/quiz/auth/verify-email/${token}`;
    expect(redactSecrets(`see ${link} (code ${token})`, [token, link, ""])).toBe(`see ${REDACTED} (code ${REDACTED})`);
  });
});
