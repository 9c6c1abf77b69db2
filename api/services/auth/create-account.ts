import { users, type NewUser } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Conflict } from "../core/errors";
import { USERNAME_INDEX, usernameTaken } from "../users/username";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const EMAIL_TAKEN = AUTH_MESSAGES.EMAIL_TAKEN;

/** Profile codes every business starts with (create-owner.ts); sign-ups get the one matching their type. */
export const DEFAULT_PROFILES = [
  { code: 1, name: "Staff" },
  { code: 2, name: "Owner" },
  { code: 3, name: "Teacher" },
  { code: 4, name: "Student" },
] as const;

/**
 * Inserts a user and returns its id. `emailVerified` is required so that every way of
 * creating an account says whether its e-mail is confirmed (db/schema/users.ts). The unique index on e-mail is the real guard: a
 * concurrent sign-up with the same address that slipped past the caller's check ends up
 * here as a 409, not a 500; the same for the username's index (users/username.ts).
 */
export async function insertUser(services: AppServices, values: NewUser & { emailVerified: boolean }): Promise<number> {
  try {
    const [row] = await services.db.insert(users).values(values).returning({ id: users.id });
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw new Conflict(say("EMAIL_TAKEN"));
    if (isUniqueViolation(error, USERNAME_INDEX)) throw usernameTaken();
    if (isUniqueViolation(error, "users.oidc_subject")) throw new Conflict("This provider account is already linked to a user");
    throw error;
  }
}

export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes("UNIQUE constraint failed") && e.message.includes(column)) return true;
  }
  return false;
}
