import { redirect, useRouteError } from "react-router";
import { clearSessionCookieHeaders, readSessionCookies } from "../../api/services/auth/cookies";
import { logout } from "../../api/services/auth/logout";
import { Spinner } from "../components/ui/Spinner";
import { ErrorPanel } from "../components/layout/RouteErrorBoundary";
import { servicesContext } from "../context";
import type { Route } from "./+types/logout";

/**
 * Spec 2.1 /logout: revoke the refresh token, drop both cookies, go to the login screen.
 * Works as a plain link (GET) and as a form post. Signing out never fails for the user: a
 * revocation error is logged and the cookies are cleared anyway.
 */
async function signOut(request: Request, context: Route.LoaderArgs["context"]) {
  const services = context.get(servicesContext);
  const { refreshToken } = readSessionCookies(request.headers.get("cookie"));
  if (refreshToken) {
    try {
      await logout(services, { refreshToken });
    } catch (error) {
      console.error("logout: could not revoke the refresh token", error);
    }
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearSessionCookieHeaders(services.config)) headers.append("Set-Cookie", cookie);
  return redirect("/auth/login", { headers });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return signOut(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

/** Shown while a client-side navigation to /logout is under way. */
export default function Logout() {
  return (
    <main className="auth-wait" id="main-content">
      <Spinner size="lg" />
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="terms-page" id="main-content">
      <ErrorPanel error={useRouteError()} />
    </main>
  );
}
