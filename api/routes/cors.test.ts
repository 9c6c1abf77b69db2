import { describe, expect, it } from "vitest";
import { readConfig } from "../services/core/config";
import { createTestApi, createTestServices } from "../test-support/test-app.node.ts";

describe("CORS for other modules", () => {
  it("answers the preflight of a configured module origin and no other", async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), CORS_ORIGINS: "https://crm.example.test/, https://hr.example.test" });
    const app = createTestApi(await createTestServices({ config }));
    const preflight = (origin: string) =>
      app.request("/auth/login_using_keys", {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });

    const allowed = await preflight("https://crm.example.test");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://crm.example.test");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();

    const refused = await preflight("https://evil.example.test");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows no origin when none is configured", async () => {
    const app = createTestApi(await createTestServices());
    const response = await app.request("/health", { headers: { origin: "https://crm.example.test" } });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("echoes an allowed origin on the answer itself, and names Origin in Vary on every answer (a refused origin too)", async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), CORS_ORIGINS: "https://crm.example.test" });
    const app = createTestApi(await createTestServices({ config }));
    const allowed = await app.request("/health", { headers: { origin: "https://crm.example.test" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://crm.example.test");
    expect(allowed.headers.get("vary")).toMatch(/\bOrigin\b/);
    const refused = await app.request("/health", { headers: { origin: "https://evil.example.test" } });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("vary")).toMatch(/\bOrigin\b/);
    // An error answer (the envelope from onError) carries them as well.
    const missing = await app.request("/no-such-endpoint", { headers: { origin: "https://crm.example.test" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("https://crm.example.test");
    const preflight = await app.request("/takeQuiz/saveAnswers", { method: "OPTIONS", headers: { origin: "https://crm.example.test", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("Authorization,Content-Type");
    expect(preflight.headers.get("access-control-max-age")).toBe("600");
  });
});
