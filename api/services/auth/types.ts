/**
 * The signed-in user as the UI and other modules see it (spec 3, User (session)). Field
 * names are the spec's, including its snake_case ones.
 */
export interface SessionUser {
  id: number;
  userid: number;
  fullname: string;
  email: string;
  /** Whether the owner of `email` confirmed it (self-registered accounts start false). */
  emailVerified: boolean;
  /** Whether signing in with the password also asks for a code (docs/decisions/0013-two-step-sign-in.md). */
  mfaEnabled: boolean;
  pic: string | null;
  userType: "Student" | "Teacher" | "Admin";
  role_level: number;
  /**
   * A self-registered Teacher's request (docs/decisions/0029): "pending" while the owner has
   * not decided (the account is a Student meanwhile), "refused" after a refusal, else null.
   */
  teacherRequest: "pending" | "refused" | null;
  /** Numeric profile code; 2 = owner. */
  profile: number;
  /** The business owner (profile 2), decided by the permissions module (docs/decisions/0029) so pages never compare profile codes. */
  isOwner: boolean;
  current_business: number;
  business_name: string;
  department_name: string | null;
  subscriptionId: string | null;
  /** Spec 4: Student/Teacher toggle allowed (role_level ≤ maximumRoleLevelForTeacher). */
  canSwitchUserType: boolean;
  /** Spec 6: language switch shown (internalizationSettingAllowed or owner). */
  canSwitchLanguage: boolean;
  /** The school's time zone (ADR 0082), in which every date is shown; null until the owner chooses one. */
  schoolTimeZone: string | null;
}

/** A module of the same business (spec 3: module_id, url, identifier, name). */
export interface BusinessModule {
  module_id: string;
  url: string;
  identifier: string;
  name: string;
}

/** What a successful sign-in returns to the API caller and to the UI's actions. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}

/** A password sign-in of a user with two-step sign-in on: no session yet, a code is needed. */
export interface MfaChallenge {
  mfaRequired: true;
  /** For `POST /api/auth/login/mfa`; valid 5 minutes, good for nothing else. */
  mfaToken: string;
}
