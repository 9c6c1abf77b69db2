import { describe, expect, it } from "vitest";
import { sendRawHttp, statusesOf } from "../test-support/raw-http.node";
import { createTestApi, createTestServices } from "../test-support/test-app.node";

/**
 * body-limit.ts lets a handler read a body whose declared Content-Length is within the limit
 * directly, trusting the HTTP parser to frame the body by it. Here a client declares 30 bytes
 * and sends more after them in the same write: the handler is given the 30 bytes only (the
 * start of a sign-in, not JSON: 400), and what follows is read as the next request (here a
 * valid one: 404), never as the first one's body.
 */
describe("a declared Content-Length on the real Node server", () => {
  it("is the most an API handler reads, whatever more the client sends", async () => {
    const app = createTestApi(await createTestServices());
    const signIn = JSON.stringify({ email: "nobody@example.com", password: "not the password" });
    const next = "GET /no-such-endpoint HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    const answer = await sendRawHttp(
      app.fetch,
      `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n${signIn.slice(0, 30)}${next}`,
    );
    // The handler's answer to the 30 bytes it was given, then the next request's own answer.
    expect(statusesOf(answer)).toEqual(["400", "404"]);
    expect(answer).toContain('"message":"Malformed request body"');
    expect(answer).toContain('"message":"The requested endpoint is not found"');
  });
});
