/**
 * The e2e server's card provider: the Stripe stand-in (api/test-support/stripe-stand-in.node.ts)
 * on E2E_STRIPE_PORT, started by playwright.config.ts beside the app, which is pointed at it
 * with STRIPE_API_URL. GET /__requests lists what the app sent (the payments spec reads it).
 */
import { startStripeStandIn } from "../../api/test-support/stripe-stand-in.node.ts";

const port = Number(process.env.E2E_STRIPE_PORT ?? 3481);
const standIn = await startStripeStandIn({ port });
console.log(`Stripe stand-in on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
