import { data, redirect } from "react-router";
import type { AppServices } from "../../../api/services/core/app-services";
import type { Caller } from "../../../api/services/core/caller";
import { changePassword } from "../../../api/services/auth/change-password";
import { clearSessionCookieHeaders, sessionCookieHeaders } from "../../../api/services/auth/cookies";
import { createKeyPair, type KeyPair } from "../../../api/services/auth/create-key-pair";
import { endOtherSessions, endSession } from "../../../api/services/auth/end-session";
import { disableMfa } from "../../../api/services/auth/mfa/disable-mfa";
import { enableMfa } from "../../../api/services/auth/mfa/enable-mfa";
import { type MfaEnrolment, resumeMfaSetup, startMfaSetup } from "../../../api/services/auth/mfa/start-mfa-setup";
import { revokeKeyPair } from "../../../api/services/auth/revoke-key-pair";
import { deviceOf } from "../../../api/services/auth/sessions";
import { actionFailure, field } from "../../utils/form-answers.server";

/** What the profile page's Security forms get back (messages in English; the page translates). */
export interface SecurityAnswer {
  intent: SecurityIntent;
  ok?: true;
  message?: string;
  errors?: Record<string, string>;
  /** The codes and values of the message and of the field errors (ADR 0061): what the page words. */
  code?: string;
  params?: Readonly<Record<string, string | number>>;
  errorCodes?: Record<string, string>;
  errorParams?: Record<string, Readonly<Record<string, string | number>>>;
  /** Other sessions ended by "sign out everywhere else". */
  ended?: number;
  /** A new key pair, private key included: shown once, on this answer only. */
  keyPair?: KeyPair & { loginUrl: string };
  /** Two-step set-up in progress: the secret and its QR code (also after a wrong code). */
  enrolment?: MfaEnrolment;
  /** Recovery codes of a two-step sign-in just turned on: shown once, on this answer only. */
  recoveryCodes?: string[];
}

export type SecurityIntent =
  | "change-password"
  | "end-session"
  | "end-others"
  | "create-key"
  | "revoke-key"
  | "mfa-setup"
  | "mfa-enable"
  | "mfa-disable";
const INTENTS: readonly SecurityIntent[] = ["change-password", "end-session", "end-others", "create-key", "revoke-key", "mfa-setup", "mfa-enable", "mfa-disable"];

// Answers carry credentials (new session cookies, a private key): never cache them.
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The Security section's forms (one action, the form's `intent`), calling the same verbs as
 * /api/auth/change-password, /sessions, /keys and /mfa. Each verb checks its own rules; this only
 * maps form fields in and answers out.
 */
export async function runSecurityAction(services: AppServices, caller: Caller, request: Request) {
  const form = await request.formData();
  const intent = field(form, "intent") as SecurityIntent;
  if (!INTENTS.includes(intent)) return data({ intent, message: "Something wrong!" } as SecurityAnswer, { status: 400 });
  try {
    switch (intent) {
      case "change-password": {
        const input = { currentPassword: field(form, "currentPassword"), password: field(form, "password"), confirmPassword: field(form, "confirmPassword") };
        const result = await changePassword(services, caller, input, deviceOf(request.headers));
        const headers = new Headers(NO_STORE);
        for (const cookie of sessionCookieHeaders(services.config, result)) headers.append("Set-Cookie", cookie);
        return data({ intent, ok: true, message: result.message } as SecurityAnswer, { headers });
      }
      case "end-session": {
        const result = await endSession(services, caller, { id: field(form, "sessionId") });
        if (!result.current) return data({ intent, ok: true, message: result.message } as SecurityAnswer);
        // This very session: that is signing out.
        const headers = new Headers(NO_STORE);
        for (const cookie of clearSessionCookieHeaders(services.config)) headers.append("Set-Cookie", cookie);
        throw redirect("/auth/login", { headers });
      }
      case "end-others": {
        const result = await endOtherSessions(services, caller);
        return data({ intent, ok: true, message: result.message, ended: result.ended } as SecurityAnswer);
      }
      case "create-key": {
        const keyPair = await createKeyPair(services, caller, { currentPassword: field(form, "currentPassword") });
        const loginUrl = `${services.config.appUrl}/quiz/auth/login/${keyPair.public_key}/${keyPair.private_key}/${keyPair.module_id}`;
        return data({ intent, ok: true, keyPair: { ...keyPair, loginUrl } } as SecurityAnswer, { headers: NO_STORE });
      }
      case "revoke-key": {
        await revokeKeyPair(services, caller);
        return data({ intent, ok: true, message: "Key pair revoked" } as SecurityAnswer);
      }
      case "mfa-setup": {
        const enrolment = await startMfaSetup(services, caller, { currentPassword: field(form, "currentPassword") });
        return data({ intent, ok: true, enrolment } as SecurityAnswer, { headers: NO_STORE });
      }
      case "mfa-enable": {
        const { recoveryCodes } = await enableMfa(services, caller, { code: field(form, "code") });
        return data({ intent, ok: true, recoveryCodes } as SecurityAnswer, { headers: NO_STORE });
      }
      case "mfa-disable": {
        const result = await disableMfa(services, caller, { currentPassword: field(form, "currentPassword"), code: field(form, "code") });
        return data({ intent, ok: true, message: result.message } as SecurityAnswer);
      }
    }
  } catch (error) {
    if (intent === "mfa-enable") {
      // A wrong code must not lose the QR code: the form posts back the secret it showed.
      const enrolment = await resumeMfaSetup(services, caller, field(form, "secret"));
      return actionFailure(error, { intent, ...(enrolment && { enrolment }) }, { headers: NO_STORE });
    }
    return actionFailure(error, { intent });
  }
}
