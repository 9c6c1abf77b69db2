import { describe, expect, it } from "vitest";
import { DATABASE_BUSY } from "../../api/services/core/errors";
import { actionFailure } from "./form-answers.server";

type Answer = { init: { status: number; headers: Headers }; data: { message: string; code: string; retryAfterSeconds: number } };

describe("actionFailure", () => {
  it("answers a database locked past its patience as 429 SERVER_BUSY with the seconds to wait, not an error page", () => {
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    // drizzle wraps the client's error ("Failed query: …") and keeps it as the cause.
    const wrapped = new Error("Failed query: insert into categories …", { cause: busy });
    for (const error of [busy, wrapped]) {
      const answer = actionFailure(error) as unknown as Answer;
      expect([answer.init.status, answer.init.headers.get("Retry-After")]).toEqual([429, "2"]);
      expect(answer.data).toMatchObject({ message: DATABASE_BUSY, code: "SERVER_BUSY", retryAfterSeconds: 2 });
    }
  });

  it("still lets any other failure reach the error boundary", () => {
    const broken = new Error("Failed query: …", { cause: Object.assign(new Error("no such table"), { code: "SQLITE_ERROR" }) });
    expect(() => actionFailure(broken)).toThrow(broken);
  });
});
