/**
 * Refusals whose text has a code of its own (api/services/message-codes.ts) are sent with
 * that code, and their field errors with `errorCodes`, so that pages translate by code and
 * never by the English text (decisions.md "Errors", docs/decisions/0055-message-codes.md).
 * Through the real endpoints, next to the same request done right.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { subscriptionPlans } from "../../db/schema";
import { Conflict, ERROR_CODES, Invalid } from "../services/core/errors";
import { MESSAGE_CODES, MESSAGE_CODE_NAMES, refusalCodes, say } from "../services/message-codes";
import { PLAN_MESSAGES } from "../services/payments/messages";
import { createPaymentsBed, type PaymentsBed, TEST_SECRET_KEY } from "../test-support/payments-bed.node";

let bed: PaymentsBed;
beforeEach(async () => {
  bed = await createPaymentsBed("Code School");
});
afterEach(async () => {
  await bed.stripe.close();
});

const premium = { title: "Premium", price: 19.99, interval: "month", description: "Every premium quiz" };
const withKeys = () => bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "usd", STRIPE_SECRET_KEY: TEST_SECRET_KEY });
const plansInDb = () => bed.services.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.businessId, bed.tenant.business.id));

describe("message codes in the error envelope", () => {
  it("a plan without a title: 400 with its text's code and each field's code; nothing is created; the same plan with a title is", async () => {
    await withKeys();
    const refused = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { ...premium, title: "", price: "abc" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("PLAN_TITLE_REQUIRED");
    expect(refused.body.errors).toMatchObject({ title: PLAN_MESSAGES.titleRequired });
    expect(refused.body.errorCodes).toMatchObject({ title: "PLAN_TITLE_REQUIRED", price: "PLAN_PRICE_NOT_A_NUMBER" });
    expect(await plansInDb()).toEqual([]);

    const created = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(created.status).toBe(201);
    expect(await plansInDb()).toHaveLength(1);
  });

  it("a conflict whose text has a code: the currency cannot change while plans exist (409 CURRENCY_LOCKED, not CONFLICT); the same currency saves", async () => {
    await withKeys();
    expect((await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).status).toBe(201);
    const locked = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "eur" });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe("CURRENCY_LOCKED");
    expect(locked.body.message).toBe(MESSAGE_CODES.CURRENCY_LOCKED);
    const same = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "usd" });
    expect(same.status).toBe(200);
  });

  it("a code the thrower named wins, and a text without a code keeps the status's general code", async () => {
    const anonymous = await bed.app.request("/subscriptions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(premium) });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe("UNAUTHENTICATED");
    const unknown = await bed.send(bed.tenant.owner, "DELETE", "/subscriptions/999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("NOT_FOUND");
  });

  it("a code comes only from where the text was said: a catalogue's English text thrown as a plain string keeps its status's general code", () => {
    // Nothing works a code out of English text any more (ADR 0061): the lookup by text is gone.
    const plain = new Invalid(MESSAGE_CODES.PLAN_TITLE_REQUIRED, { title: MESSAGE_CODES.PLAN_TITLE_REQUIRED });
    expect(refusalCodes(plain)).toEqual({ code: "VALIDATION" });
    expect(refusalCodes(new Conflict(MESSAGE_CODES.CURRENCY_LOCKED))).toEqual({ code: "CONFLICT" });
    // Said by code, the same words carry it, field by field.
    const said = new Invalid(say("PLAN_TITLE_REQUIRED"), { title: say("PLAN_TITLE_REQUIRED") });
    expect(refusalCodes(said)).toEqual({ code: "PLAN_TITLE_REQUIRED", errorCodes: { title: "PLAN_TITLE_REQUIRED" } });
  });

  it("every text has one code, no code is also an error code, and the OpenAPI envelope lists them with errorCodes", async () => {
    const texts = Object.values(MESSAGE_CODES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const code of MESSAGE_CODE_NAMES) expect(ERROR_CODES as readonly string[]).not.toContain(code);
    const document = await (await bed.app.request("/openapi.json")).json();
    const envelope = document.components.schemas.ErrorEnvelope;
    expect(envelope.properties.code.enum).toEqual([...ERROR_CODES, ...MESSAGE_CODE_NAMES]);
    expect(envelope.properties.errorCodes.additionalProperties.enum).toEqual([...MESSAGE_CODE_NAMES]);
  });
});
