import { useEffect, useState } from "react";

/** The API that judges a new password (api/services/auth/password-strength-meter.ts). */
export const PASSWORD_STRENGTH_URL = "/api/auth/password-strength";

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

function isStrength(value: unknown): value is PasswordStrength {
  const answer = value as PasswordStrength | null;
  return (
    typeof answer === "object" &&
    answer !== null &&
    Number.isInteger(answer.score) &&
    answer.score >= 0 &&
    answer.score <= 4 &&
    typeof answer.acceptable === "boolean"
  );
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
      try {
        const response = await fetch(PASSWORD_STRENGTH_URL, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ password, email: email || undefined, fullname: fullname || undefined, username: username || undefined }),
          credentials: "same-origin",
          signal: controller.signal,
        });
        const answer: unknown = response.ok ? await response.json() : null;
        if (!controller.signal.aborted) setStrength(isStrength(answer) ? answer : null);
      } catch {
        // Aborted by a newer keystroke, or the network failed: show nothing rather than an error.
        if (!controller.signal.aborted) setStrength(null);
      }
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, email, fullname, username]);

  return password === "" ? null : strength;
}
