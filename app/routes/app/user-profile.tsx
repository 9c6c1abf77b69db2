import { getKeyPair } from "../../../api/services/auth/get-key-pair";
import { listSessions } from "../../../api/services/auth/list-sessions";
import { getMfaStatus } from "../../../api/services/auth/mfa/mfa-status";
import { ProfilePage } from "../../components/account/ProfilePage";
import { runSecurityAction, type SecurityAnswer } from "../../components/account/security-action.server";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/user-profile";

/** Spec 2.1 /user-profile: who is signed in, and (issue 6) the Security section. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const [{ sessions }, { keyPair }, mfa] = await Promise.all([
    listSessions(services, caller),
    getKeyPair(services, caller),
    getMfaStatus(services, caller),
  ]);
  return { user, sessions, keyPair, mfa, messages: routeMessages(request, "auth", "security") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const caller = callerOf(context, request);
  return runSecurityAction(context.get(servicesContext), caller, request);
}

/**
 * The action's own headers reach the answer only through this export (React Router drops what
 * `data()` sets otherwise): a new private key, two-step secret or recovery codes go out
 * `no-store`. The page itself (sessions, devices) is the account's own, never for a cache.
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": actionHeaders.get("Cache-Control") ?? "private, no-store" };
}

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, ...profile } = loaderData;
  useRouteMessages(messages);
  return <ProfilePage {...profile} answer={(actionData as SecurityAnswer | undefined) ?? null} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
