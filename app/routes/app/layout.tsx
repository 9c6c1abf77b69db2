import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { BusinessModule } from "../../../api/services/auth/types";
import { listBusinessModules } from "../../../api/services/modules/list-modules";
import { Footer } from "../../components/layout/Footer";
import { Header } from "../../components/layout/Header";
import { menuFor } from "../../components/layout/menu";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { ScrollToTop } from "../../components/layout/ScrollToTop";
import { SideNav } from "../../components/layout/SideNav";
import { TeacherRequestNotice } from "../../components/layout/TeacherRequestNotice";
import { useAdoptBrowserZone } from "../../components/layout/use-adopt-browser-zone";
import { EmailSentNotice } from "../../components/mail/EmailSentNotice";
import { servicesContext } from "../../context";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../i18n/languages";
import type { loader as rootLoader } from "../../root";
import { callerOf, requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/layout";

/** The chrome every signed-in page shares (spec 2.3): who is signed in, their modules, the languages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);

  // Spec 8: a module load failure is reported in the panel ('Error loading module'); the page still works.
  let modules: BusinessModule[] = [];
  let modulesFailed = false;
  try {
    modules = await listBusinessModules(services, caller);
  } catch (error) {
    console.error("Could not load the business modules", error);
    modulesFailed = true;
  }

  return {
    user,
    modules,
    modulesFailed,
    currentModuleId: services.config.moduleId,
    languages: LANGUAGES.map(({ code, label }) => ({ code, label })),
    siteUrl: services.config.siteUrl,
  };
}

/**
 * The chrome's data depends on who is signed in, never on the address's query. A navigation
 * under this layout to another path does not load it again (React Router's default); one that
 * changes the query (a list's filters and pages, a search form, the result's `?notice=`) does not either,
 * instead of reading the user and the modules again for every filter and for every student's
 * first look at a result. After a form or fetcher posts (a new name, a role switch) and on an
 * explicit revalidation it loads as usual.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const posted = formMethod !== undefined && formMethod !== "GET";
  if (!posted && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

const NO_SCRIPT_MENU =
  ".shell-sidebar{display:block!important}.shell-drawer-toggle{display:none!important}" +
  "@media (max-width:991.98px){.shell-body{flex-direction:column}" +
  ".shell-sidebar{width:auto;border-right:0;border-bottom:1px solid var(--ui-border)}}";

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, modules, modulesFailed, currentModuleId, languages, siteUrl } = loaderData;
  const language = useRouteLoaderData<typeof rootLoader>("root")?.language ?? DEFAULT_LANGUAGE;
  const menu = useMemo(() => menuFor(user), [user]);
  useAdoptBrowserZone(user);

  return (
    <div className="shell">
      <a href="#main-content" className="shell-skip-link">
        {t("app.skipToContent")}
      </a>
      <Header
        user={user}
        menu={menu}
        modules={modules}
        modulesFailed={modulesFailed}
        currentModuleId={currentModuleId}
        language={language}
        languages={languages}
      />
      <div className="shell-body">
        <aside className="shell-sidebar">
          <SideNav sections={menu} />
        </aside>
        <main id="main-content" className="shell-main" tabIndex={-1}>
          <TeacherRequestNotice request={user.teacherRequest} />
          <EmailSentNotice />
          <Outlet />
        </main>
      </div>
      <Footer siteUrl={siteUrl} />
      <ScrollToTop />
      {/* Without JavaScript the drawer cannot open: on small screens the menu sits above the page. */}
      <noscript>
        <style>{NO_SCRIPT_MENU}</style>
      </noscript>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
