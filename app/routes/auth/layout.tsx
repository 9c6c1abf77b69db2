import { Outlet, useRouteLoaderData } from "react-router";
import { AuthAside, AuthFooter } from "../../components/auth/AuthAside";
import { LanguageSwitch } from "../../components/layout/LanguageSwitch";
import { ErrorPanel } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { LANGUAGES, DEFAULT_LANGUAGE } from "../../i18n/languages";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { redirectIfSignedIn } from "../../utils/guards.server";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/layout";

/** Spec 2.1: signed-in users have no business here and go to /. */
export function loader({ context, request }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return authShellData(context, request);
}

/**
 * What the shell shows (site links, the year) and the auth pages' texts (their forms' errors
 * include the security namespace's); also used by open-layout.tsx.
 */
export function authShellData(context: Route.LoaderArgs["context"], request: Request) {
  const { config, now } = context.get(servicesContext);
  const site = config.siteUrl.replace(/\/$/, "");
  return {
    links: { privacy: `${site}/privacy`, legal: `${site}/legal`, contact: `${site}/contact` },
    // The server's year, so that the copyright line renders the same before and after hydration.
    year: now().getFullYear(),
    messages: routeMessages(request, "auth", "security"),
  };
}

export function AuthShell({ links, year, children }: { links: Route.ComponentProps["loaderData"]["links"]; year: number; children: React.ReactNode }) {
  const language = useRouteLoaderData<typeof rootLoader>("root")?.language ?? DEFAULT_LANGUAGE;
  return (
    <div className="auth-layout">
      <AuthAside links={links} year={year} />
      <main className="auth-main" id="main-content">
        <div className="auth-main__top">
          <LanguageSwitch current={language} languages={LANGUAGES} />
        </div>
        <div className="auth-main__content">{children}</div>
        <AuthFooter links={links} year={year} className="auth-footer" />
      </main>
    </div>
  );
}

export default function AuthLayout({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  return (
    <AuthShell links={loaderData.links} year={loaderData.year}>
      <Outlet />
    </AuthShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="auth-main" id="main-content">
      <div className="auth-main__content">
        <ErrorPanel error={error} />
      </div>
    </main>
  );
}
