import { describe, expect, it } from "vitest";
import { action } from "../../app/routes/teacher/question-preview";
import type { Route } from "../../app/routes/teacher/+types/question-preview";
import { MATHS_PREVIEW_LIMITS, MATHS_PREVIEW_MAX_BYTES } from "../services/questions/preview-maths";
import { QUESTION_LIMITS } from "../services/questions/schemas";
import { pageContext } from "../test-support/page-context.node";
import { eachTestBed } from "../test-support/test-bed.node";
import { countedStream } from "../test-support/counted-stream";

/**
 * The question editor's maths preview (POST /quiz/teacher/question/preview, a page action the
 * OpenAPI sweep cannot see): authors only, its body read only up to what its fields can hold,
 * each author's previews counted like the other repeatable author actions, and bad input a
 * clear 4xx, never a 500. The route's own action is called as the framework calls it.
 */
const bed = eachTestBed("Preview School");
type Who = "teacher" | "owner" | "student";
/** The preview's answer or a refusal's envelope. */
type Answer = { questionTextHtml?: string | null; options?: (string | null)[]; message?: string; code?: string };

/** What an action answered: its value, or the status of a `data()` it returned or a Response it threw. */
async function preview(who: Who, body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const request = new Request("http://school.test/quiz/teacher/question/preview", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  try {
    const answer = (await action({ context: pageContext(bed.services, bed.tenant[who]), request, params: {} } as unknown as Route.ActionArgs)) as unknown;
    if (answer && typeof answer === "object" && "init" in answer) {
      const { data, init } = answer as { data: Answer; init: { status: number; headers?: HeadersInit } };
      return { status: init.status, body: data, retryAfter: new Headers(init.headers).get("Retry-After") };
    }
    return { status: 200, body: answer as Answer, retryAfter: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null, location: thrown.headers.get("Location"), retryAfter: null };
    throw thrown;
  }
}

/** A body produced only as it is pulled, counting what the action took. */
const CHUNK = 16 * 1024;

const form = (questionText: string, ...options: string[]) => {
  const body = new URLSearchParams({ questionText });
  for (const option of options) body.append("option", option);
  return body.toString();
};

describe("the maths preview page action", () => {
  it("renders an author's formulas (teacher and owner)", async () => {
    for (const who of ["teacher", "owner"] as const) {
      const answer = await preview(who, form(String.raw`Is \(a^2\) positive?`, String.raw`\(\sqrt{2}\)`, "plain"));
      expect(answer.status, who).toBe(200);
      expect(answer.body).toMatchObject({ questionTextHtml: expect.stringContaining("<msup>"), options: [expect.stringContaining("<msqrt>"), null] });
    }
  });

  it("sends a student away before reading a byte of the body", async () => {
    const { stream, pulled } = countedStream(10 * 1024 * 1024, { chunk: CHUNK });
    const answer = await preview("student", stream);
    expect([answer.status, answer.location]).toEqual([302, "/"]);
    // A stream is pulled one chunk ahead by itself; nothing past it was read.
    expect(pulled.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it("refuses a declared body over the preview's limit with 413 without reading it, and stops a chunked one at the limit", async () => {
    const declared = countedStream(1024 * 1024, { chunk: CHUNK });
    const refused = await preview("teacher", declared.stream, { "content-length": String(1024 * 1024) });
    expect([refused.status, refused.body?.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(declared.pulled.bytes).toBeLessThanOrEqual(CHUNK);

    const chunked = countedStream(10 * 1024 * 1024, { chunk: CHUNK });
    expect((await preview("teacher", chunked.stream)).status).toBe(413);
    expect(chunked.pulled.bytes).toBeLessThanOrEqual(MATHS_PREVIEW_MAX_BYTES + 2 * CHUNK);
  });

  it("still takes the largest real preview: the question and every option at their limits in CJK", async () => {
    const cjk = (length: number) => "問".repeat(length);
    const largest = form(cjk(QUESTION_LIMITS.questionText), ...Array.from({ length: QUESTION_LIMITS.maxOptions }, () => cjk(QUESTION_LIMITS.optionText)));
    expect(new TextEncoder().encode(largest).byteLength).toBeLessThan(MATHS_PREVIEW_MAX_BYTES);
    expect((await preview("teacher", largest)).status).toBe(200);
  });

  it("answers a text over its limit with a clear 400, not a server error", async () => {
    const answer = await preview("teacher", form("x".repeat(QUESTION_LIMITS.questionText + 1)));
    expect(answer.status).toBe(400);
    expect(answer.body?.code).toBe("QUESTION_TEXT_TOO_LONG");
  });

  it("counts each author's previews: past the limit a 429 with Retry-After, while another author still previews", async () => {
    const body = form(String.raw`\(x\)`);
    for (let i = 0; i < MATHS_PREVIEW_LIMITS.perTenMinutes; i++) expect((await preview("teacher", body)).status).toBe(200);
    const refused = await preview("teacher", body);
    expect([refused.status, refused.body?.code]).toEqual([429, "TOO_MANY_ATTEMPTS"]);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await preview("owner", body)).status).toBe(200);
  });
});
