import { Outlet } from "react-router";
import { useRouteMessages } from "../../i18n/route-messages";
import { AuthShell, authShellData, ErrorBoundary as AuthLayoutErrorBoundary } from "./layout";
import type { Route } from "./+types/open-layout";

/**
 * The auth area's shell for pages that signed-in users need too (the e-mail confirmation
 * link is often opened in the browser that registered); layout.tsx sends them home.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return authShellData(context, request);
}

export default function OpenAuthLayout({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  return (
    <AuthShell links={loaderData.links} year={loaderData.year}>
      <Outlet />
    </AuthShell>
  );
}

export const ErrorBoundary = AuthLayoutErrorBoundary;
