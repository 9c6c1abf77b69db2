import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Conflict, Invalid } from "../core/errors";
import { accountPolicy, type AccountPolicy } from "../admin-settings/account-policy";
import { insertUser } from "./create-account";
import { deploymentBusinessId } from "./deployment-business";
import { issueSession } from "./issue-session";
import type { SignInDevice } from "./sessions";
import { hashPassword } from "./password";
import { rateLimitEmailAction } from "./rate-limit";
import { assertStrongPassword } from "./password-strength";
import { RegisterInput } from "./schemas";
import { sendVerificationEmail } from "./send-verification-email";
import type { Language } from "../../../locales/languages";
import { notifyOwnersOfTeacherRequest } from "../users/notify-teacher-request";
import { assertUsernameFree } from "../users/username";
import type { SessionTokens } from "./types";
import { profileForUserType, isStudent } from "../core/permissions";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const TEACHER_SIGNUP_CLOSED = AUTH_MESSAGES.TEACHER_SIGNUP_CLOSED;

/**
 * What a sign-up asking for `userType` becomes under the owner's policy (docs/decisions/0029):
 * with "Approval" a Teacher is a Student with a pending request until the owner approves it,
 * so no author right is ever granted by the person asking for it.
 */
function accountTypeFor(userType: "Student" | "Teacher", policy: AccountPolicy) {
  if (isStudent({ userType })) return { userType, teacherRequest: null };
  if (policy.teacherRegistration === "Off") throw new Invalid(say("TEACHER_SIGNUP_CLOSED"), { userType: say("TEACHER_SIGNUP_CLOSED") });
  if (policy.teacherRegistration === "Open") return { userType, teacherRequest: null };
  return { userType: "Student" as const, teacherRequest: "pending" as const };
}

/**
 * Self-service sign-up as a Student or Teacher (spec 5, 6) into the deployment's business,
 * signed in at once. The e-mail and username checks run before the (slow) password hash so that a
 * taken address answers quickly and costs no CPU. Attempts are rate-limited per e-mail and
 * per client address (rate-limit.ts) before anything is looked up. The account starts
 * unconfirmed and its address gets a confirmation link (docs/security.md, "Unconfirmed accounts").
 */
export async function register(
  services: AppServices,
  input: RegisterInput,
  { clientAddress, language, ...device }: { clientAddress: string; language?: Language } & SignInDevice,
): Promise<SessionTokens> {
  const data = RegisterInput.parse(input);
  await rateLimitEmailAction(services, "register", { email: data.email, clientAddress });
  const businessId = await deploymentBusinessId(services);
  const policy = await accountPolicy(services, businessId);
  const account = accountTypeFor(data.userType, policy);
  const [existing] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
  if (existing) throw new Conflict(say("EMAIL_TAKEN"));
  await assertUsernameFree(services, businessId, data.username);
  await assertStrongPassword(data.password, data);

  const now = services.now();
  const userId = await insertUser(services, {
    businessId,
    email: data.email,
    fullname: data.fullname,
    username: data.username,
    passwordHash: await hashPassword(data.password, services.config.passwordPepper),
    userType: account.userType,
    teacherRequest: account.teacherRequest,
    // The mail that answers a teacher request speaks the language they signed up in.
    language: language ?? null,
    profile: profileForUserType(account.userType),
    roleLevel: policy.defaultRoleLevel,
    // Nobody has shown they read this address yet (db/schema/users.ts).
    emailVerified: false,
    createdAt: now,
    updatedAt: now,
  });
  try {
    await sendVerificationEmail(services, { id: userId, businessId, email: data.email, fullname: data.fullname });
  } catch (error) {
    // The account exists and works; the profile page's resend button can send the link again.
    console.error("Could not send the e-mail confirmation link", error);
  }
  if (account.teacherRequest) {
    try {
      await notifyOwnersOfTeacherRequest(services, { id: userId, businessId, email: data.email, fullname: data.fullname });
    } catch (error) {
      // The request stands without the mail: the owner's Users page lists it.
      console.error("Could not tell the owner about a teacher request", error);
    }
  }
  return issueSession(services, userId, device);
}
