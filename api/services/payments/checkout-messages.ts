// Checkout, the billing portal and webhooks (ADR 0044); free of zod, so the page can import them.
import { REFUSALS } from "../core/refusals";

export const SUBSCRIPTIONS_OFF = "Subscriptions are off: the owner has not enabled them";
export const PLAN_NOT_ON_OFFER = "This plan is not on offer";
export const ALREADY_SUBSCRIBED = "You already have an active subscription: use Manage billing to change it";
export const SESSION_NOT_FOUND = "The checkout session is not found";
export const SESSION_OF_ANOTHER_USER = REFUSALS.checkoutSessionOfAnotherUser;
export const SESSION_NOT_PAID = "The checkout is not paid yet";
export const NO_BILLING_ACCOUNT = "You have no subscription to manage";
export const WEBHOOK_NOT_CONFIGURED = "Webhooks are not configured: STRIPE_WEBHOOK_SECRET is not set on the server";
export const WEBHOOK_SIGNATURE_INVALID = "The webhook signature is not valid";
