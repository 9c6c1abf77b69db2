import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { Invalid } from "../core/errors";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

/**
 * Refuses well-known and guessable new passwords (ASVS 2.1.7), with zxcvbn's estimate over
 * its common-password, English word and name lists plus the user's own e-mail and names.
 *
 * Server only, and loaded lazily: the dictionaries are about 1.5 MB of JavaScript, so they
 * are imported on the first check and kept for the life of the process (Node) or isolate
 * (Workers); the UI bundle never contains them (the check runs in actions and API routes).
 */

/** zxcvbn score 0-4; 3 = "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3;

export const WEAK_PASSWORD = AUTH_MESSAGES.PASSWORD_WEAK;

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * The lists: zxcvbn's common passwords, keyboard patterns and diceware words, and from the
 * English package its common words, first names and word sequences (months, numbers…). Its
 * Wikipedia and surname lists are left out: they would add ~380 KiB gzipped to the Worker and
 * most of the start-up CPU, for little beyond what the common-word list already catches.
 */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, commonWords, firstnames, wordSequences] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en/dist/commonWords.json.mjs"),
      import("@zxcvbn-ts/language-en/dist/firstnames.json.mjs"),
      import("@zxcvbn-ts/language-en/dist/wordSequences.json.mjs"),
    ]);
    return new ZxcvbnFactory({
      dictionary: {
        ...common.dictionary,
        "commonWords-en": commonWords.default,
        "firstnames-en": firstnames.default,
        ...wordSequences.default,
      },
      graphs: common.adjacencyGraphs,
      // Levenshtein matching (near-misses of listed words) costs 0.2-1 s of CPU per check.
      useLevenshteinDistance: false,
    });
  })().catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  return checker;
}

/** What the user is known by: a password made of these is guessable for them. */
export interface PasswordOwner {
  email?: string | null;
  fullname?: string | null;
  username?: string | null;
}

function userInputs(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  for (const value of [owner.email, owner.fullname, owner.username]) {
    if (!value) continue;
    words.add(value.toLowerCase());
    // "alice.smith@school.org" → alice, smith, school, org
    for (const part of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The strength score (0-4) of `password` for this user. */
export async function passwordScore(password: string, owner: PasswordOwner = {}): Promise<number> {
  const zxcvbn = await loadChecker();
  return zxcvbn.check(password, userInputs(owner)).score;
}

/**
 * Whether a password of this `score` may be set: the one rule behind assertStrongPassword
 * and the strength meter's "acceptable" (password-strength-meter.ts).
 */
export function isStrongEnough(score: number): boolean {
  return score >= MIN_PASSWORD_SCORE;
}

/**
 * Throws `Invalid` (400) with the message on the password field when the password is too
 * easy to guess. Call it wherever a password is SET (registration, reset, change), never at
 * sign-in: existing passwords keep working.
 *
 *   await assertStrongPassword(password, { email, fullname, username });          // field "password"
 *   await assertStrongPassword(password, owner, "newPassword");                   // another field name
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner, field = "password"): Promise<void> {
  if (!isStrongEnough(await passwordScore(password, owner))) {
    throw new Invalid(say("PASSWORD_WEAK"), { [field]: say("PASSWORD_WEAK") });
  }
}
