import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminSettings, offlinePaymentRequests, subscribers, users } from "../../db/schema";
import { createQuiz } from "../test-support/factories.node";
import { OFFLINE_MESSAGES } from "../services/payments/offline-schemas";
import { createPaymentsBed, type PaymentsBed, TEST_SECRET_KEY } from "../test-support/payments-bed.node";
import type { Tenant } from "../test-support/test-bed.node";

let bed: PaymentsBed;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  bed = await createPaymentsBed("Transfer School", { now: () => new Date(clock) });
});
afterEach(async () => {
  await bed.stripe.close();
});

/** The owner of `tenant` sells subscriptions (Quiz Setting on, a key, a plan); answers the plan. */
async function sellingPlan(tenant: Tenant = bed.tenant, fields: Record<string, unknown> = {}) {
  await bed.services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, tenant.business.id));
  await bed.send(tenant.owner, "PUT", "/admin/settings", { CURRENCY: "eur", STRIPE_SECRET_KEY: TEST_SECRET_KEY });
  const res = await bed.send(tenant.owner, "POST", "/subscriptions", { title: "Premium", price: 12.5, interval: "month", ...fields });
  expect(res.status).toBe(201);
  return res.body.entity as { id: number };
}

const ask = (who: Tenant["student"], planId: unknown) => bed.send(who, "POST", "/subscriptions/offline", { planId });
const requestsInDb = () => bed.services.db.select().from(offlinePaymentRequests);
const manualRows = (tenant: Tenant = bed.tenant) =>
  bed.services.db.select().from(subscribers).where(and(eq(subscribers.userId, tenant.student.id), eq(subscribers.status, "manual")));

describe("POST /subscriptions/offline (a student asks to pay by bank transfer)", () => {
  it("creates a Pending request with the plan's title and price; asking again answers the same request (200), not a second one", async () => {
    const plan = await sellingPlan();
    const res = await ask(bed.tenant.student, plan.id);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(OFFLINE_MESSAGES.asked);
    expect(res.body.entity).toMatchObject({ planId: plan.id, planTitle: "Premium", price: 12.5, currency: "EUR", interval: "month", status: "Pending", studentId: bed.tenant.student.id, createdAt: clock, periodEnd: null });
    const again = await ask(bed.tenant.student, plan.id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(OFFLINE_MESSAGES.alreadyAsked);
    expect(again.body.entity.id).toBe(res.body.entity.id);
    expect(await requestsInDb()).toHaveLength(1);
  });

  it("refuses teachers and the owner (403), another business's plan (404), an inactive plan (404), bad ids (400), switched-off subscriptions (409)", async () => {
    const plan = await sellingPlan();
    for (const who of [bed.tenant.teacher, bed.tenant.owner]) {
      const res = await ask(who, plan.id);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("STUDENTS_ONLY");
    }
    expect((await ask(bed.other.student, plan.id)).status).toBe(404);
    for (const bad of ["x", -1, 1.5, null]) {
      const res = await ask(bed.tenant.student, bad);
      expect(res.status).toBe(400);
      expect(res.body.errors.planId).toBe(OFFLINE_MESSAGES.planIdInvalid);
    }
    const hidden = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { title: "Hidden", price: 5, interval: "year", status: false });
    expect((await ask(bed.tenant.student, hidden.body.entity.id)).status).toBe(404);
    await bed.services.db.update(adminSettings).set({ enableSubscription: false }).where(eq(adminSettings.businessId, bed.tenant.business.id));
    const off = await ask(bed.tenant.student, plan.id);
    expect(off.status).toBe(409);
    expect(off.body.message).toBe(OFFLINE_MESSAGES.notOnSale);
    expect(await requestsInDb()).toHaveLength(0);
  });
});

describe("GET /subscriptions/offline", () => {
  it("the owner sees the business's requests, a student their own, a teacher none (403); paged, sorted and filtered", async () => {
    const plan = await sellingPlan();
    const otherPlan = await sellingPlan(bed.other);
    await ask(bed.tenant.student, plan.id);
    clock += 1000;
    const second = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { title: "Yearly", price: 99, interval: "year" });
    const mine = await ask(bed.tenant.student, second.body.entity.id);
    await ask(bed.other.student, otherPlan.id);

    const owner = await bed.send(bed.tenant.owner, "GET", "/subscriptions/offline");
    expect(owner.status).toBe(200);
    expect(owner.body.totalCount).toBe(2);
    expect(owner.body.entities.map((r: { planTitle: string }) => r.planTitle)).toEqual(["Yearly", "Premium"]);
    expect(owner.body.entities[0]).toMatchObject({ studentName: bed.tenant.student.fullname, studentEmail: bed.tenant.student.email });

    const page = await bed.send(bed.tenant.owner, "GET", "/subscriptions/offline?pageSize=1&pageNumber=2&sortField=planTitle&sortOrder=asc");
    expect(page.body).toMatchObject({ totalCount: 2, entities: [{ planTitle: "Yearly" }] });

    await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/refuse", { id: mine.body.entity.id });
    const pending = await bed.send(bed.tenant.owner, "GET", "/subscriptions/offline?status=Pending");
    expect(pending.body).toMatchObject({ totalCount: 1, entities: [{ planTitle: "Premium", status: "Pending" }] });

    const student = await bed.send(bed.tenant.student, "GET", "/subscriptions/offline");
    expect(student.body.totalCount).toBe(2);
    expect((await bed.send(bed.other.student, "GET", "/subscriptions/offline")).body.totalCount).toBe(1);
    expect((await bed.send(bed.tenant.teacher, "GET", "/subscriptions/offline")).status).toBe(403);
    for (const bad of ["pageSize=0", "pageSize=101", "sortField=password", "status=Maybe"]) {
      expect((await bed.send(bed.tenant.owner, "GET", `/subscriptions/offline?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("POST /subscriptions/offline/markPaid and /refuse (the owner decides)", () => {
  it("marks paid for a period: a premium quiz opens for the student at once and locks again after periodEnd", async () => {
    const plan = await sellingPlan();
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id, isPremium: true });
    const start = () => bed.send(bed.tenant.student, "POST", "/takeQuiz/startQuiz", { quizId: quiz.id });
    const locked = await start();
    expect([locked.status, locked.body.code]).toEqual([403, "PREMIUM_REQUIRED"]);

    const asked = (await ask(bed.tenant.student, plan.id)).body.entity;
    const paid = await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: asked.id, periodStart: "2026-11-27", periodEnd: "2026-12-27" });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(OFFLINE_MESSAGES.markedPaid);
    expect(paid.body.entity).toMatchObject({ status: "Paid", periodStart: Date.UTC(2026, 10, 27), periodEnd: Date.UTC(2026, 11, 27), decidedAt: clock });
    const [row] = await manualRows();
    expect(row).toMatchObject({ businessId: bed.tenant.business.id, planId: plan.id, status: "manual", currentPeriodEnd: new Date(Date.UTC(2026, 11, 27)) });

    const [user] = await bed.services.db.select({ subscriptionId: users.subscriptionId }).from(users).where(eq(users.id, bed.tenant.student.id));
    expect(user.subscriptionId).toBe(row.id);

    const opened = await start();
    expect(opened.status).toBe(200);

    clock = Date.UTC(2026, 11, 27) + 1;
    const lockedAgain = await start();
    expect([lockedAgain.status, lockedAgain.body.code]).toEqual([403, "PREMIUM_REQUIRED"]);
  });

  it("days the owner types start at midnight on the school's clock (issue 27 point 6): a Tokyo school's access ends when Tokyo's end date begins", async () => {
    const plan = await sellingPlan();
    await bed.services.db.update(adminSettings).set({ timeZone: "Asia/Tokyo" }).where(eq(adminSettings.businessId, bed.tenant.business.id));
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id, isPremium: true });
    const asked = (await ask(bed.tenant.student, plan.id)).body.entity;
    const paid = await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: asked.id, periodStart: "2026-11-27", periodEnd: "2026-12-27" });
    expect(paid.status).toBe(200);
    // Tokyo is UTC+9: its 27 December begins at 15:00 UTC on the 26th.
    expect(paid.body.entity).toMatchObject({ periodStart: Date.UTC(2026, 10, 26, 15), periodEnd: Date.UTC(2026, 11, 26, 15) });
    const [row] = await manualRows();
    expect(row.currentPeriodEnd).toEqual(new Date(Date.UTC(2026, 11, 26, 15)));
    clock = Date.UTC(2026, 11, 26, 15) - 1;
    expect((await bed.send(bed.tenant.student, "POST", "/takeQuiz/startQuiz", { quizId: quiz.id })).status).toBe(200);
    clock = Date.UTC(2026, 11, 26, 15) + 1;
    expect((await bed.send(bed.tenant.student, "POST", "/takeQuiz/startQuiz", { quizId: quiz.id })).body.code).toBe("PREMIUM_REQUIRED");
  });

  it("a date-time with its offset is kept as sent, whatever the school's zone", async () => {
    const plan = await sellingPlan();
    await bed.services.db.update(adminSettings).set({ timeZone: "Asia/Tokyo" }).where(eq(adminSettings.businessId, bed.tenant.business.id));
    const asked = (await ask(bed.tenant.student, plan.id)).body.entity;
    const paid = await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: asked.id, periodStart: "2026-11-27T00:00:00Z", periodEnd: "2026-12-27T12:00:00+02:00" });
    expect(paid.body.entity).toMatchObject({ periodStart: Date.UTC(2026, 10, 27), periodEnd: Date.UTC(2026, 11, 27, 10) });
  });

  it("a second payment extends the student's manual row (never shortens it); a paid request cannot be decided again (409)", async () => {
    const plan = await sellingPlan();
    const first = (await ask(bed.tenant.student, plan.id)).body.entity;
    await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: first.id, periodStart: "2026-11-27", periodEnd: "2027-02-27" });
    const again = await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: first.id, periodStart: "2026-11-27", periodEnd: "2027-03-27" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OFFLINE_MESSAGES.notPending);
    expect((await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/refuse", { id: first.id })).status).toBe(409);

    const second = (await ask(bed.tenant.student, plan.id)).body.entity;
    expect(second.id).not.toBe(first.id);
    await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: second.id, periodStart: "2026-11-27", periodEnd: "2026-12-27" });
    const rows = await manualRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].currentPeriodEnd).toEqual(new Date(Date.UTC(2027, 1, 27)));
    const third = (await ask(bed.tenant.student, plan.id)).body.entity;
    await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: third.id, periodStart: "2027-02-27", periodEnd: "2027-05-27T12:00:00+02:00" });
    expect((await manualRows())[0].currentPeriodEnd).toEqual(new Date(Date.UTC(2027, 4, 27, 10)));
  });

  it("students and teachers may not mark paid or refuse (403); another business's request is a 404; nothing changes", async () => {
    const plan = await sellingPlan();
    const otherPlan = await sellingPlan(bed.other);
    const asked = (await ask(bed.tenant.student, plan.id)).body.entity;
    const body = { id: asked.id, periodStart: "2026-11-27", periodEnd: "2026-12-27" };
    for (const who of [bed.tenant.student, bed.tenant.teacher]) {
      expect((await bed.send(who, "POST", "/subscriptions/offline/markPaid", body)).status).toBe(403);
      expect((await bed.send(who, "POST", "/subscriptions/offline/refuse", { id: asked.id })).status).toBe(403);
    }
    expect((await bed.send(bed.other.owner, "POST", "/subscriptions/offline/markPaid", body)).status).toBe(404);
    expect((await bed.send(bed.other.owner, "POST", "/subscriptions/offline/refuse", { id: asked.id })).status).toBe(404);
    const foreign = (await ask(bed.other.student, otherPlan.id)).body.entity;
    expect((await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { ...body, id: foreign.id })).status).toBe(404);
    expect((await requestsInDb()).map((r) => r.status)).toEqual(["Pending", "Pending"]);
    expect(await manualRows()).toHaveLength(0);
  });

  it("bad dates, an end before the start, a period over 5 years or already over: 400 with the field's message, nothing changes", async () => {
    const plan = await sellingPlan();
    const asked = (await ask(bed.tenant.student, plan.id)).body.entity;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ periodStart: "27/11/2026", periodEnd: "2026-12-27" }, "periodStart", OFFLINE_MESSAGES.periodStartInvalid],
      [{ periodStart: "2026-11-27", periodEnd: "2026-02-30" }, "periodEnd", OFFLINE_MESSAGES.periodEndInvalid],
      [{ periodStart: "2026-11-27", periodEnd: 1767225600000 }, "periodEnd", OFFLINE_MESSAGES.periodEndInvalid],
      [{ periodStart: "2026-11-27" }, "periodEnd", OFFLINE_MESSAGES.periodEndInvalid],
      [{ periodStart: "2026-12-27", periodEnd: "2026-11-28" }, "periodEnd", OFFLINE_MESSAGES.periodOrder],
      [{ periodStart: "2026-11-27", periodEnd: "2026-11-27" }, "periodEnd", OFFLINE_MESSAGES.periodOrder],
      [{ periodStart: "2026-11-27", periodEnd: "2032-11-28" }, "periodEnd", OFFLINE_MESSAGES.periodTooLong],
      [{ periodStart: "2026-10-01", periodEnd: "2026-11-01" }, "periodEnd", OFFLINE_MESSAGES.periodOver],
    ];
    for (const [dates, field, message] of cases) {
      const res = await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id: asked.id, ...dates });
      expect(res.status, JSON.stringify(dates)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect((await requestsInDb())[0].status).toBe("Pending");
    expect(await manualRows()).toHaveLength(0);
  });

  it("overlapping asks make one request; overlapping decisions: exactly one wins, the other is a 409", async () => {
    const plan = await sellingPlan();
    const asks = await Promise.all([1, 2, 3].map(() => ask(bed.tenant.student, plan.id)));
    expect(asks.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(asks.map((res) => res.body.entity.id)).size).toBe(1);
    expect(await requestsInDb()).toHaveLength(1);
    const id = asks[0].body.entity.id;
    const decisions = await Promise.all([
      bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/markPaid", { id, periodStart: "2026-11-27", periodEnd: "2026-12-27" }),
      bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/refuse", { id }),
    ]);
    expect(decisions.map((res) => res.status).sort()).toEqual([200, 409]);
    const [row] = await requestsInDb();
    expect(await manualRows()).toHaveLength(row.status === "Paid" ? 1 : 0);
  });

  it("refuse: the request is Refused and grants nothing; the student may ask again", async () => {
    const plan = await sellingPlan();
    const asked = (await ask(bed.tenant.student, plan.id)).body.entity;
    const res = await bed.send(bed.tenant.owner, "POST", "/subscriptions/offline/refuse", { id: asked.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: OFFLINE_MESSAGES.refused, entity: { status: "Refused", decidedAt: clock, periodEnd: null } });
    expect(await manualRows()).toHaveLength(0);
    expect((await ask(bed.tenant.student, plan.id)).status).toBe(201);
  });
});
