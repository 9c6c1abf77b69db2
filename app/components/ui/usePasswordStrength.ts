import { useEffect, useState } from "react";
import { api, callApi } from "../../utils/api-client";

/** Quiet time after the last keystroke before the server is asked. */
export const STRENGTH_DEBOUNCE_MS = 300;

export interface PasswordStrength {
  /** zxcvbn's 0-4. */
  score: number;
  /** Whether setting this password would succeed (length and guessability). */
  acceptable: boolean;
}

/** What the user is known by, as typed on the form: a password made of it is guessable. */
export interface StrengthHints {
  email?: string;
  fullname?: string;
  username?: string;
}

/**
 * The server's judgement of `password`, asked once typing pauses. The dictionaries stay on
 * the server (they are ~1.5 MB), and the answer is the very rule that setting the password
 * applies. Each new keystroke aborts the request in flight, so a slow answer for an older
 * value never overwrites a newer one. Null while the field is empty and whenever the
 * request fails (offline, throttled): the meter is a help, the server still decides.
 */
export function usePasswordStrength(password: string, hints: StrengthHints = {}): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const { email, fullname, username } = hints;

  useEffect(() => {
    if (password === "") {
      setStrength(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      // The judge is POST /api/auth/password-strength (api/services/auth/password-strength-meter.ts).
      const json = { password, email: email || undefined, fullname: fullname || undefined, username: username || undefined };
      const answer = await callApi(() => api.auth["password-strength"].$post({ json }, { init: { signal: controller.signal } }));
      // Aborted by a newer keystroke, refused or offline: show nothing rather than an error.
      if (!controller.signal.aborted) setStrength(answer.ok ? answer.data : null);
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, email, fullname, username]);

  return password === "" ? null : strength;
}
