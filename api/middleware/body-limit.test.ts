import { describe, expect, it } from "vitest";
import { createTestApi, createTestServices } from "../test-support/test-app.node";
import { MAX_JSON_BYTES } from "./body-limit";
import { countedStream } from "../test-support/counted-stream";

/** Issue 14 point 6: an API body is limited before it is read, declared or chunked. */
describe("API body limit", () => {
  it("answers 413 in the envelope to a chunked 100 MB JSON body, having read only about the limit", async () => {
    const app = createTestApi(await createTestServices());
    const { stream, pulled } = countedStream(100 * 1024 * 1024, { fill: " " });
    const res = await app.request("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large" });
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_JSON_BYTES + 3 * 64 * 1024);
  });

  it("still reads a small chunked JSON body", async () => {
    const app = createTestApi(await createTestServices());
    const body = new Blob([JSON.stringify({ email: "nobody@example.com", password: "not the password" })]).stream();
    const res = await app.request("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
    // Read and judged: wrong credentials, not a refused body.
    expect(res.status).toBe(401);
  });
});
