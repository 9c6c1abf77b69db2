import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppServices } from "./context";
import { invalidFromZod } from "./errors";

/** The signed-in caller as the API sees it (set by the auth middleware). */
export interface Caller {
  userId: number;
  businessId: number;
  userType: "Student" | "Teacher" | "Admin";
  profile: number;
  roleLevel: number;
  /** The session the caller's access token belongs to (unset for callers not signed in by a token, e.g. tests of a verb). */
  sessionId?: string;
}

export interface ApiEnv {
  Variables: {
    services: AppServices;
    caller?: Caller;
  };
}

/**
 * A router for one resource. Validation failures throw, so the one `onError` of the API
 * formats every error (validation included) into the same envelope.
 */
export function newRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidFromZod(result.error);
    },
  });
}
