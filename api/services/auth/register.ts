import { eq } from "drizzle-orm";
import { DEFAULT_ROLE_LEVEL, users } from "../../../db/schema/users";
import type { AppServices } from "../../context";
import { Conflict } from "../../errors";
import { EMAIL_TAKEN, insertUser, profileForUserType } from "./create-account";
import { deploymentBusinessId } from "./deployment-business";
import { issueSession } from "./issue-session";
import { hashPassword } from "./password";
import { RegisterInput } from "./schemas";
import type { SessionTokens } from "./types";

/**
 * Self-service sign-up as a Student or Teacher (spec 5, 6) into the deployment's business,
 * signed in at once. The e-mail check runs before the (slow) password hash so that a
 * taken address answers quickly and costs no CPU.
 */
export async function register(services: AppServices, input: RegisterInput): Promise<SessionTokens> {
  const data = RegisterInput.parse(input);
  const businessId = await deploymentBusinessId(services);
  const [existing] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
  if (existing) throw new Conflict(EMAIL_TAKEN);

  const now = services.now();
  const userId = await insertUser(services, {
    businessId,
    email: data.email,
    fullname: data.fullname,
    username: data.username,
    passwordHash: await hashPassword(data.password),
    userType: data.userType,
    profile: profileForUserType(data.userType),
    roleLevel: DEFAULT_ROLE_LEVEL,
    createdAt: now,
    updatedAt: now,
  });
  return issueSession(services, userId);
}
