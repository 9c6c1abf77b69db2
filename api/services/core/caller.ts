/**
 * The signed-in caller as the services see it. The transport (api/middleware/auth.ts) builds
 * it from the access token or key-pair sign-in; every verb that acts for a user takes it.
 */
export interface Caller {
  userId: number;
  businessId: number;
  userType: "Student" | "Teacher" | "Admin";
  profile: number;
  roleLevel: number;
  /** The session the caller's access token belongs to (unset for callers not signed in by a token, e.g. tests of a verb). */
  sessionId?: string;
}
