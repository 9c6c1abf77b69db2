import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDemo } from "../../../db/seed";
import { modules, users } from "../../../db/schema";
import { readConfig } from "../../services/core/config";
import { bearer, createTestApi, createTestServices } from "../../test-support/test-app.node.ts";

/**
 * Issue 18 point 7 (docs/decisions/0049): the quick panel's own module ("Quiz (Current)")
 * follows the deployment's APP_URL, whatever URL its row was written with (the demo data's
 * http://localhost:3000); the business's other modules keep theirs.
 */
const configFor = (appUrl: string) => readConfig({ JWT_SECRET: "x".repeat(32), PAYMENT_SECRETS_KEY: "p".repeat(32), APP_URL: appUrl });

describe("GET /auth/me: the product's own module URL", () => {
  it("is APP_URL on a demo database seeded with localhost:3000, and follows a later change of APP_URL", async () => {
    const services = await createTestServices({ config: configFor("https://quiz.school.test:8443/") });
    await seedDemo(services.db, { hashPassword: async () => "not-a-real-hash" });
    const [teacher] = await services.db.select().from(users).where(eq(users.email, "teacher@demo.quiz"));
    await services.db.insert(modules).values({ businessId: teacher.businessId, moduleId: "crm", name: "CRM", identifier: "crm", url: "https://crm.school.test" });
    // What the demo data stored: the row itself is left as it was.
    const [stored] = await services.db.select({ url: modules.url }).from(modules).where(eq(modules.moduleId, "quiz"));
    expect(stored.url).toBe("http://localhost:3000");

    const me = await createTestApi(services).request("/auth/me", { headers: await bearer(services, teacher) });
    expect(me.status).toBe(200);
    const { modules: listed } = (await me.json()) as { modules: { module_id: string; url: string }[] };
    expect(listed).toEqual([
      expect.objectContaining({ module_id: "crm", url: "https://crm.school.test" }),
      expect.objectContaining({ module_id: "quiz", url: "https://quiz.school.test:8443" }),
    ]);

    // The same database served under another address: the link moves with it.
    const moved = await createTestServices({ db: services.db, config: configFor("http://127.0.0.1:4000") });
    const again = await createTestApi(moved).request("/auth/me", { headers: await bearer(moved, teacher) });
    const { modules: relisted } = (await again.json()) as { modules: { module_id: string; url: string }[] };
    expect(relisted.find((module) => module.module_id === "quiz")?.url).toBe("http://127.0.0.1:4000");
    expect(relisted.find((module) => module.module_id === "crm")?.url).toBe("https://crm.school.test");
  });
});
