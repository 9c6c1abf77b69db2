// "otpauth/slim": the same code on every runtime, with HMAC from @noble/hashes (already a
// dependency). The package's main entry has a `node` condition that loads node:crypto,
// which the Workers build would pick up (scripts/worker-check-bundle.ts refuses it).
import { Secret, TOTP } from "otpauth/slim";
import { renderSVG } from "uqr";

/**
 * The authenticator-app code (RFC 6238 TOTP) with the parameters every common app reads
 * from a QR code: HMAC-SHA-1 (ASVS 2.8.3 approves it for OTPs), 6 digits, 30-second steps.
 * One step either side is accepted for clocks that drift (ASVS 2.8.1: a code lives at most
 * 90 seconds).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

function totpFor(secretBase32: string, label = "", issuer = ""): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** 160 random bits (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the set-up screen shows: the key URI, its QR code as an SVG string, and the key itself for typing in. */
export function totpEnrolment(secretBase32: string, account: string, issuer: string) {
  const otpauthUrl = totpFor(secretBase32, account, issuer).toString();
  return { secret: secretBase32, otpauthUrl, qrSvg: renderSVG(otpauthUrl, { ecc: "M", border: 2 }) };
}

/** A 6-digit code as typed: digits only once spaces are dropped (apps show "123 456"). */
export function asTotpCode(code: string): string | null {
  const digits = code.replace(/\s/g, "");
  return new RegExp(`^\\d{${DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * The 30-second step the code belongs to (now, one before or one after), or null when it
 * matches none. Callers accept a step only once (user_mfa.last_used_step).
 */
export function matchingTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const token = asTotpCode(code);
  if (!token) return null;
  const totp = totpFor(secretBase32);
  const timestamp = now.getTime();
  const delta = totp.validate({ token, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
