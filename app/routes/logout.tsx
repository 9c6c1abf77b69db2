import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useRouteError, useSubmit } from "react-router";
import { clearSessionCookieHeaders, readSessionCookies } from "../../api/services/auth/cookies";
import { logout } from "../../api/services/auth/logout";
import { Button } from "../components/ui/Button";
import { Spinner } from "../components/ui/Spinner";
import { ErrorPanel } from "../components/layout/RouteErrorBoundary";
import { sessionContext } from "../middleware/session.server";
import { servicesContext } from "../context";
import type { Route } from "./+types/logout";

/**
 * Spec 2.1 /logout: end the session, drop both cookies, go to the login screen. Only the
 * POST signs out: a GET (a link, a prefetch, an image tag on another site) changes nothing
 * and shows this page, which posts the form by itself once the page runs (or offers the
 * button without JavaScript). Signing out never fails for the user: a revocation error is
 * logged and the cookies are cleared anyway.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { refreshToken } = readSessionCookies(request.headers.get("cookie"), services.config);
  try {
    await logout(services, { refreshToken: refreshToken ?? undefined }, context.get(sessionContext).caller);
  } catch (error) {
    console.error("logout: could not end the session", error);
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearSessionCookieHeaders(services.config)) headers.append("Set-Cookie", cookie);
  return redirect("/auth/login", { headers });
}

export default function Logout() {
  const { t } = useTranslation();
  const submit = useSubmit();
  const submitted = useRef(false);
  useEffect(() => {
    // Once, even under React's double effects in development.
    if (submitted.current) return;
    submitted.current = true;
    void submit(null, { method: "post", action: "/logout" });
  }, [submit]);
  return (
    <main className="auth-wait" id="main-content">
      <Spinner size="lg" />
      <noscript>
        <Form method="post" action="/logout" reloadDocument>
          <Button type="submit" variant="primary">
            {t("userPanel.signOut")}
          </Button>
        </Form>
      </noscript>
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
