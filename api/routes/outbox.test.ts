import { beforeEach, describe, expect, it } from "vitest";
import { createTenant } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

const FORBIDDEN = "Sorry! you don't have permissions for this operation";

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let otherTenant: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  tenant = await createTenant(services.db);
  otherTenant = await createTenant(services.db);
});

/** Sends `count` messages for a business through the real outbox mailer, one minute apart. */
async function sendMessages(businessId: number | null, count: number, start = Date.UTC(2026, 0, 1)) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    services.now = () => new Date(start + i * 60_000);
    const { id } = await services.mailer.send({
      businessId,
      to: `student${i}@school.test`,
      subject: `Message ${i}`,
      html: `<p>Body ${i}</p>`,
      text: `Body ${i}`,
      secrets: [],
      tag: "student-result",
    });
    ids.push(id);
  }
  return ids;
}
const get = async (path: string, user: Parameters<typeof bearer>[1] | null) =>
  app.request(path, { headers: user ? await bearer(services, user) : undefined });

interface Page {
  totalCount: number;
  entities: { id: number; subject: string; html?: string; createdAt: number; status: string; provider: string }[];
}

describe("GET /outbox", () => {
  it("lists the owner's business's messages newest first, 10 per page by default, without bodies", async () => {
    const ids = await sendMessages(tenant.business.id, 12);
    await sendMessages(otherTenant.business.id, 3);
    await sendMessages(null, 1);

    const res = await get("/outbox", tenant.owner);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    expect(page.totalCount).toBe(12);
    expect(page.entities.map((e) => e.id)).toEqual(ids.slice().reverse().slice(0, 10));
    expect(page.entities[0]).toMatchObject({
      subject: "Message 11",
      to: "student11@school.test",
      from: services.config.mailFrom,
      tag: "student-result",
      provider: "outbox",
      status: "stored",
      createdAt: Date.UTC(2026, 0, 1) + 11 * 60_000,
      sentAt: null,
    });
    expect(page.entities[0].html).toBeUndefined();

    const second = (await (await get("/outbox?pageNumber=2&pageSize=10", tenant.owner)).json()) as Page;
    expect(second.entities.map((e) => e.subject)).toEqual(["Message 1", "Message 0"]);
    const twenty = (await (await get("/outbox?pageSize=20", tenant.owner)).json()) as Page;
    expect(twenty.entities).toHaveLength(12);
  });

  it("returns an empty page beyond the last one", async () => {
    await sendMessages(tenant.business.id, 2);
    const page = (await (await get("/outbox?pageNumber=5", tenant.owner)).json()) as Page;
    expect(page).toEqual({ totalCount: 2, entities: [] });
  });

  it("accepts any page size from 1 to 100 like every list (decisions.md), not only the UI's 10/20/30/50", async () => {
    await sendMessages(tenant.business.id, 12);
    for (const [size, rows] of [[7, 7], [15, 12], [1, 1], [100, 12]]) {
      const res = await get(`/outbox?pageSize=${size}`, tenant.owner);
      expect(res.status, `pageSize=${size}`).toBe(200);
      const page = (await res.json()) as Page;
      expect(page.totalCount).toBe(12);
      expect(page.entities, `pageSize=${size}`).toHaveLength(rows);
    }
    const seventh = (await (await get("/outbox?pageNumber=2&pageSize=7", tenant.owner)).json()) as Page;
    expect(seventh.entities.map((e) => e.subject)).toEqual(["Message 4", "Message 3", "Message 2", "Message 1", "Message 0"]);
  });

  it.each([
    ["pageSize=0", "pageSize must be at least 1"],
    ["pageSize=101", "pageSize must be at most 100"],
    ["pageSize=7.5", "pageSize must be a whole number"],
    ["pageSize=many", "pageSize must be a number"],
    ["pageNumber=0", "pageNumber starts at 1"],
    ["pageNumber=abc", undefined],
  ])("rejects %s with 400", async (query, message) => {
    const res = await get(`/outbox?${query}`, tenant.owner);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    if (message) expect(body.message).toBe(message);
  });

  it("is for the business owner only", async () => {
    expect((await get("/outbox", null)).status).toBe(401);
    for (const user of [tenant.teacher, tenant.student]) {
      const res = await get("/outbox", user);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: "FORBIDDEN", message: FORBIDDEN });
    }
  });
});

describe("GET /outbox/{id}", () => {
  it("returns one message with its bodies", async () => {
    const [id] = await sendMessages(tenant.business.id, 1);
    const res = await get(`/outbox/${id}`, tenant.owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, subject: "Message 0", html: "<p>Body 0</p>", text: "Body 0", status: "stored" });
  });

  it("answers 404 for another business's message, a system message and a missing id", async () => {
    const [foreign] = await sendMessages(otherTenant.business.id, 1);
    const [system] = await sendMessages(null, 1);
    for (const id of [foreign, system, 99999]) {
      const res = await get(`/outbox/${id}`, tenant.owner);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "The requested email is not found" });
    }
  });

  it("rejects a non-numeric id and guards the caller", async () => {
    expect((await get("/outbox/abc", tenant.owner)).status).toBe(400);
    const [id] = await sendMessages(tenant.business.id, 1);
    expect((await get(`/outbox/${id}`, null)).status).toBe(401);
    expect((await get(`/outbox/${id}`, tenant.teacher)).status).toBe(403);
  });
});
