import { data, redirect } from "react-router";
import { AppError, TooManyRequests } from "../../../api/services/core/errors";
import { cooldownSecondsLeft } from "../../../api/services/auth/one-time-link";
import { resendEmailVerification } from "../../../api/services/auth/resend-email-verification";
import { lastVerificationMailAt, VERIFY_COOLDOWN_MS } from "../../../api/services/auth/send-verification-email";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import type { Route } from "./+types/email-verification";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { refusalCodes } from "../../../api/services/message-codes";

/**
 * The profile's e-mail confirmation box (app/components/account/EmailVerificationStatus.tsx)
 * talks to this resource route, which goes through the session middleware (so an expired
 * access cookie is renewed) and calls the same verb as `POST /api/auth/verify-email/resend`.
 */
export interface EmailVerificationAnswer {
  ok: boolean;
  message?: string;
  /** The message's code and values, by which the page words it (docs/decisions/0061). */
  code?: string;
  params?: Readonly<Record<string, string | number>>;
  /** Seconds until another mail may be sent (0: now). */
  retryAfterSeconds: number;
}

/** GET: how long the button must still wait (read-only). */
export async function loader({ context, request }: Route.LoaderArgs): Promise<EmailVerificationAnswer> {
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const lastSent = await lastVerificationMailAt(services, caller.userId);
  return { ok: true, retryAfterSeconds: cooldownSecondsLeft(lastSent, VERIFY_COOLDOWN_MS, services.now()) };
}

/** POST: send the link again. Without JavaScript the form lands back on the profile. */
export async function action({ context, request }: Route.ActionArgs) {
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const fromScript = new URL(request.url).pathname.endsWith(".data");
  let answer: EmailVerificationAnswer;
  let status = 200;
  try {
    const result = await resendEmailVerification(services, caller, { clientAddress: clientAddressOf(request.headers) });
    answer = { ok: true, message: result.message, code: result.code, retryAfterSeconds: result.retryAfterSeconds };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retryAfterSeconds = error instanceof TooManyRequests ? error.retryAfterSeconds : 0;
    answer = { ok: false, message: error.message, ...refusalCodes(error), retryAfterSeconds };
    status = error.status;
  }
  if (!fromScript) return redirect("/user-profile");
  const headers: HeadersInit = answer.retryAfterSeconds && !answer.ok ? { "Retry-After": String(answer.retryAfterSeconds) } : {};
  return data(answer, { status, headers });
}
