import Stripe from "stripe";
import type { AppServices } from "../core/app-services";
import { AppError } from "../core/errors";
import { type SaidAs, say } from "../message-codes";

/**
 * The real `stripe` client for one secret key, on its fetch-based HTTP client so that it
 * runs on Workers as on Node. STRIPE_API_URL points it at another server that speaks
 * Stripe's API (the tests' stand-in); otherwise api.stripe.com.
 */
export function stripeClient(services: AppServices, secretKey: string): Stripe {
  const base = new URL(services.config.stripe.apiUrl ?? "https://api.stripe.com");
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === "http" ? 80 : 443),
    protocol,
    httpClient: Stripe.createFetchHttpClient(),
    // One retry with Stripe's idempotency keys; a page waits at most this long.
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

/**
 * Runs provider calls; a provider failure becomes a 503 whose message names no key (Stripe's
 * own messages may quote part of it), and says which of three it was (issue 25, point 4): the
 * provider could not be reached, it refused the key, or it refused the request otherwise.
 */
export async function withProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new AppError(503, providerFailure(error));
    throw error;
  }
}

function providerFailure(error: InstanceType<typeof Stripe.errors.StripeError>): SaidAs {
  if (error instanceof Stripe.errors.StripeConnectionError) return say("PAYMENT_PROVIDER_UNREACHABLE");
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) return say("PAYMENT_KEY_REFUSED");
  return say("PAYMENT_PROVIDER_FAILED");
}

/**
 * Asks the provider whether `secretKey` works for what the plans need (reading products), before
 * it is saved: refused keys and an unreachable provider answer as withProvider says.
 */
export async function checkCardKey(services: AppServices, secretKey: string): Promise<void> {
  await withProvider(() => stripeClient(services, secretKey).products.list({ limit: 1 }));
}

/** Stripe answered that the object does not exist (e.g. the key now belongs to another account). */
export function isMissingAtProvider(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing");
}
