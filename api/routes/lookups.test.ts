import { describe, expect, it } from "vitest";
import { createTenant } from "../test-support/factories.node";
import { departments } from "../../db/schema";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

describe("GET /profiles and /departments", () => {
  it("list the caller's business only, in the spec's { data: { data: [{ id, Name }] } } shape, for authors", async () => {
    const services = await createTestServices();
    const app = createTestApi(services);
    const tenant = await createTenant(services.db, "Lookup School");
    const other = await createTenant(services.db, "Other School");
    await services.db.insert(departments).values([
      { businessId: tenant.business.id, name: "Science" },
      { businessId: tenant.business.id, name: "Arts" },
      { businessId: other.business.id, name: "Hidden" },
    ]);
    const get = async (path: string, who: Parameters<typeof bearer>[1]) => {
      const res = await app.request(path, { headers: await bearer(services, who) });
      return { status: res.status, body: (await res.json()) as { data: { data: Array<{ id: number; Name: string }> } } };
    };

    const profiles = await get("/profiles", tenant.teacher);
    expect(profiles.status).toBe(200);
    expect(profiles.body.data.data).toEqual([
      { id: 1, Name: "Staff" },
      { id: 2, Name: "Owner" },
      { id: 3, Name: "Teacher" },
      { id: 4, Name: "Student" },
    ]);
    const list = await get("/departments", tenant.owner);
    expect(list.body.data.data.map((d) => d.Name)).toEqual(["Arts", "Science"]);

    expect((await get("/departments", tenant.student)).status).toBe(403);
    expect((await get("/profiles", tenant.student)).status).toBe(403);
    expect((await app.request("/profiles")).status).toBe(401);
  });
});
