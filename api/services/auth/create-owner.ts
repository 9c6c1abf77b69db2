import { eq } from "drizzle-orm";
import { adminSettings } from "../../../db/schema/admin-settings";
import { businesses, OWNER_PROFILE, profiles } from "../../../db/schema/businesses";
import { modules } from "../../../db/schema/modules";
import { users } from "../../../db/schema/users";
import type { Db } from "../../../db/client";
import type { AppConfig } from "../core/config";
import { Conflict } from "../core/errors";
import { DEFAULT_PROFILES, isUniqueViolation } from "./create-account";
import { hashPassword } from "./password";
import { CreateOwnerInput } from "./schemas";
import { say } from "../message-codes";

/**
 * Creates a business with its owner (decisions: the first owner is created by a command,
 * never by a default password). The business gets the standard profiles, default admin
 * settings and this product's module row, so that the owner can sign in, and key login
 * and the quick panel work, at once.
 */
export async function createOwner(
  // Narrower than AppServices: the create-owner CLI has a database and the pepper, no mailer.
  services: { db: Db; now: () => Date; config: Pick<AppConfig, "appUrl" | "moduleId" | "passwordPepper"> },
  input: CreateOwnerInput,
): Promise<{ businessId: number; userId: number }> {
  const data = CreateOwnerInput.parse(input);
  const [existing] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
  if (existing) throw new Conflict(say("EMAIL_TAKEN"));
  const passwordHash = await hashPassword(data.password, services.config.passwordPepper);

  const now = services.now();
  const [business] = await services.db
    .insert(businesses)
    .values({ name: data.businessName, createdAt: now })
    .returning({ id: businesses.id });
  const businessId = business.id;
  try {
    // One batch (one transaction): the business never exists half set up.
    const [, , , owner] = await services.db.batch([
      services.db.insert(profiles).values(DEFAULT_PROFILES.map((profile) => ({ businessId, ...profile }))),
      services.db.insert(adminSettings).values({ businessId }),
      services.db.insert(modules).values({
        businessId,
        moduleId: services.config.moduleId,
        name: "Quiz",
        identifier: "quiz",
        // Other modules call `${url}/api/auth/login_using_keys` (spec 7), so this is the origin.
        url: services.config.appUrl,
      }),
      services.db
        .insert(users)
        .values({
          businessId,
          email: data.email,
          username: data.email.split("@")[0].slice(0, 50),
          fullname: data.fullname,
          passwordHash,
          userType: "Admin",
          profile: OWNER_PROFILE,
          roleLevel: 0,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id }),
    ]);
    return { businessId, userId: owner[0].id };
  } catch (error) {
    // The batch rolled back; remove the business row it was meant to complete.
    await services.db.delete(businesses).where(eq(businesses.id, businessId));
    if (isUniqueViolation(error, "users.email")) throw new Conflict(say("EMAIL_TAKEN"));
    throw error;
  }
}
