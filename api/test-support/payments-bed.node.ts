/**
 * The payments test bed: the usual test bed with a Stripe stand-in the real `stripe` client
 * is pointed at, and a raw request helper for any method that also keeps the answer's text
 * (so a test can assert a secret appears nowhere in it).
 */
import type { AppServices } from "../services/core/app-services";
import { bearer } from "./test-app.node";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in.node";
import { createTestBed, type TestApi, type Tenant, type Who } from "./test-bed.node";

export const TEST_SECRET_KEY = "sk_test_standin_4242424242424242";
export const TEST_PUBLISHABLE_KEY = "pk_test_standin_4242";
/** A second key the stand-in accepts (a key replaced by another good one). */
export const TEST_OTHER_SECRET_KEY = "sk_test_standin_other_0000";

export interface RawAnswer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface PaymentsBed {
  services: AppServices;
  app: TestApi;
  tenant: Tenant;
  other: Tenant;
  stripe: StripeStandIn;
  send(who: Who, method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<RawAnswer>;
}

export async function createPaymentsBed(schoolName: string, options: { now?: AppServices["now"] } = {}): Promise<PaymentsBed> {
  const bed = await createTestBed(schoolName, options);
  const stripe = await startStripeStandIn({ secretKey: [TEST_SECRET_KEY, TEST_OTHER_SECRET_KEY] });
  bed.services.config.stripe = { ...bed.services.config.stripe, apiUrl: stripe.url };
  const send: PaymentsBed["send"] = async (who, method, path, body) => {
    const headers: Record<string, string> = { "content-type": "application/json", ...(who ? await bearer(bed.services, who) : {}) };
    const res = await bed.app.request(path, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, text, body: parsed };
  };
  return { services: bed.services, app: bed.app, tenant: bed.tenant, other: bed.other, stripe, send };
}
