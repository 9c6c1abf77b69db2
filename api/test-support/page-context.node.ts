import { RouterContextProvider } from "react-router";
import { servicesContext } from "../../app/context";
import { sessionContext } from "../../app/middleware/session.server";
import type { SessionUser } from "../services/auth/types";
import type { AppServices } from "../services/core/app-services";
import type { Caller } from "../services/core/caller";

/** A user row as the factories make it: what a signed-in page request knows of its user. */
type UserRow = { id: number; businessId: number; userType: SessionUser["userType"]; profile: number; roleLevel: number };

/**
 * The context server/app.ts gives a page's loader or action for a signed-in `user`: the
 * services and the session, so a test calls a route's loader or action itself, as the
 * framework would, without a browser.
 */
export function pageContext(services: AppServices, user: UserRow): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const sessionUser = { id: user.id, userid: user.id, userType: user.userType, profile: user.profile, current_business: user.businessId } as SessionUser;
  const caller: Caller = { userId: user.id, businessId: user.businessId, userType: user.userType, profile: user.profile, roleLevel: user.roleLevel };
  context.set(sessionContext, { user: sessionUser, hadSession: true, caller });
  return context;
}
