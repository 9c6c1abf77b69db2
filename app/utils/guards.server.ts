import { data, redirect, type RouterContextProvider } from "react-router";
import type { Caller } from "../../api/services/core/caller";
import { isOwner, mayEnterArea, mayOpenTeacherArea } from "../../api/services/core/permissions";
import type { SessionUser } from "../../api/services/auth/types";
import { sessionContext } from "../middleware/session.server";
import { returnToOf, withReturnTo } from "./return-after-sign-in";

/**
 * Route guards (spec 2.1, 2.4-2.6). They run in loaders and actions on the server; the
 * API enforces the same rules again for its own callers.
 */

/** Whether this is a client-side data request (navigation or fetcher), not a page load. */
function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * The signed-in user. A page load without a session goes to the login screen (with the page
 * to come back to, for a join link); a client navigation whose session expired gets a 401,
 * which the app layout turns into the spec's 'Session expired' dialog before /logout.
 */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const { user, hadSession } = context.get(sessionContext);
  if (user) return user;
  if (hadSession && isDataRequest(request)) {
    throw data({ message: "Your session has expired. Login again" }, { status: 401 });
  }
  // A join link opened signed out comes back after sign-in (return-after-sign-in.ts).
  throw redirect(withReturnTo("/auth/login", returnToOf(new URL(request.url))));
}

/** Students only in the student area, Teachers only in the teacher area; others go to /. */
export function requireUserType(
  context: Readonly<RouterContextProvider>,
  request: Request,
  userType: SessionUser["userType"],
): SessionUser {
  const user = requireUser(context, request);
  if (!mayEnterArea(user, userType)) throw redirect("/");
  return user;
}

/**
 * The teacher area (spec 2.5) opens for the business's authors: Teachers and the owner, who
 * reads the school's quizzes, bank and feedback in the same pages (ADR 0062); others go to /.
 */
export function requireTeacherArea(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!mayOpenTeacherArea(user)) throw redirect("/");
  return user;
}

/** The admin area needs the owner profile (2). */
export function requireOwner(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!isOwner(user)) throw redirect("/");
  return user;
}

/** Signed-in users have no business in the auth area (spec 2.1: /auth redirects to /). */
export function redirectIfSignedIn(context: Readonly<RouterContextProvider>): void {
  if (context.get(sessionContext).user) throw redirect("/");
}

/** The caller (what service verbs take) for a request a guard above has let through. */
export function callerOf(context: Readonly<RouterContextProvider>, request: Request): Caller {
  requireUser(context, request);
  const { caller } = context.get(sessionContext);
  if (!caller) throw redirect("/auth/login");
  return caller;
}
