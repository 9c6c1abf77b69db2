import { useMemo } from "react";
import { preloadModule } from "react-dom";
import messageChunks from "virtual:quiz/message-chunks";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { RouteProgressBar } from "./components/layout/RouteProgressBar";
import { SplashScreen } from "./components/layout/SplashScreen";
import { useHydrated } from "./components/layout/use-hydrated";
import { createI18n } from "./i18n/create-i18n";
import { DEFAULT_LANGUAGE, pickLanguage, REACT_ARIA_LOCALE, type Language } from "./i18n/languages";
import { sessionContext, sessionMiddleware } from "./middleware/session.server";
import { useNonce } from "./utils/nonce";
import { pageTimeZones } from "./utils/time-zone-cookie.server";
import { useTimeZoneCookie } from "./components/layout/use-time-zone";
import appCss from "./styles/app.css?url";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/quiz/favicon.svg", type: "image/svg+xml" },
  // All of the app's styles in one file (app/styles/app.css): one request, not eleven.
  { rel: "stylesheet", href: appCss },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get("cookie");
  // The school's zone (the signed-in user's business, ADR 0082), else the reader's, saved by the
  // browser (ADR 0062): every date is drawn in it on both sides; the reader's is kept beside it.
  const schoolTimeZone = context.get(sessionContext).user?.schoolTimeZone;
  return { language: pickLanguage(cookie, request.headers.get("accept-language")), ...pageTimeZones(cookie, schoolTimeZone) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const language: Language = useRouteLoaderData<typeof loader>("root")?.language ?? DEFAULT_LANGUAGE;
  const i18n = useMemo(() => createI18n(language), [language]);
  const nonce = useNonce();
  // Marks the page as not yet interactive until React has hydrated it (ADR 0050): the CSS
  // holds JavaScript-only controls meanwhile, and tests wait on it as the "ready" signal.
  const hydrated = useHydrated();
  // The browser fetches the page's messages before hydrating (entry.client.tsx); the server
  // names the chunk in the head so it downloads with the route's other scripts.
  const messages = messageChunks[language];
  if (messages) preloadModule(messages, { as: "script", nonce });
  return (
    <html lang={language} data-hydrating={hydrated ? undefined : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          {/* react-aria speaks the page's language too, not the browser's. */}
          <I18nProvider locale={REACT_ARIA_LOCALE[language]}>{children}</I18nProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useTimeZoneCookie();
  return (
    <>
      <RouteProgressBar />
      <Outlet />
    </>
  );
}

/** Only shown while the client loads a page it cannot draw yet; never over a server-drawn page. */
export function HydrateFallback() {
  return <SplashScreen />;
}
