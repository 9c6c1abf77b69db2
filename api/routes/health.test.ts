import { describe, expect, it } from "vitest";
import { createTestApi, createTestServices } from "../test-support/test-app.node.ts";

describe("GET /health", () => {
  it("reports the API and its database as up, without a session", async () => {
    const app = createTestApi(await createTestServices());
    const response = await app.request("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 404 with the envelope for a method it does not serve", async () => {
    const app = createTestApi(await createTestServices());
    const response = await app.request("/health", { method: "DELETE" });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe("The requested endpoint is not found");
  });
});
