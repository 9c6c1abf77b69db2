import { describe, expect, it } from "vitest";
import { readConfig } from "./services/core/config";
import { createTestApi, createTestServices } from "./test-support/test-app.node";

describe("the OpenAPI document", () => {
  it("names this deployment's /api as its server, so generated clients call the mounted paths", async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), APP_URL: "https://quiz.school.test/" });
    const app = createTestApi(await createTestServices({ config }));
    const document = (await (await app.request("/openapi.json")).json()) as { servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(document.servers).toEqual([{ url: "https://quiz.school.test/api", description: "This deployment" }]);
    // Paths stay relative to that server: /auth/login, never /api/auth/login.
    expect(document.paths["/auth/login"]).toBeDefined();
    expect(Object.keys(document.paths).some((path) => path.startsWith("/api/"))).toBe(false);
  });

  it("documents every field the exam page reads from an autosave, the deadline included", async () => {
    const app = createTestApi(await createTestServices());
    type Schema = { properties?: Record<string, unknown>; $ref?: string };
    const document = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, { post?: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
    };
    const saved = document.paths["/takeQuiz/saveAnswers"]?.post?.responses["200"].content["application/json"].schema;
    expect(Object.keys(saved?.properties ?? {})).toEqual(expect.arrayContaining(["message", "saved", "savedAt", "deadlineAt"]));
  });
});
