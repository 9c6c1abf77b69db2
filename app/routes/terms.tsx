import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";
import { Logo } from "../components/auth/Logo";
import { ButtonLink } from "../components/ui/ButtonLink";
import { ErrorPanel } from "../components/layout/RouteErrorBoundary";
import { routeMessages, useRouteMessages } from "../i18n/route-messages";
import type { Route } from "./+types/terms";

/** The sections of the terms, in order; their texts live in auth.json (terms.sections.*). */
const SECTIONS = ["acceptance", "accounts", "use", "content", "exams", "payments", "privacy", "termination", "changes", "contact"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(request, "auth") };
}

/** The terms & conditions linked from the registration form (public, no sign-in). */
export default function Terms({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("auth");
  return (
    <main className="terms-page" id="main-content">
      <title>{`${t("terms.title")} · ${t("layout.appName")}`}</title>
      <Link to="/auth/login" className="terms-page__brand">
        <Logo />
        <span>{t("layout.appName")}</span>
      </Link>
      <article className="terms-page__card" aria-labelledby="terms-title">
        <h1 id="terms-title">{t("terms.title")}</h1>
        <p className="terms-page__updated">{t("terms.updated")}</p>
        <p>{t("terms.intro", { product: t("layout.product") })}</p>
        {SECTIONS.map((section, index) => (
          <section key={section} aria-labelledby={`terms-${section}`}>
            <h2 id={`terms-${section}`}>{`${index + 1}. ${t(`terms.sections.${section}.title`)}`}</h2>
            <p>{t(`terms.sections.${section}.body`, { product: t("layout.product") })}</p>
          </section>
        ))}
        <p className="terms-page__back">
          <ButtonLink to="/auth/registration" variant="secondary">
            {t("terms.back")}
          </ButtonLink>
        </p>
      </article>
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
