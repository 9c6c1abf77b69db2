import { useTranslation } from "react-i18next";

interface AuthCardProps {
  /** Key prefix in auth.json with `documentTitle`, `title` and `subtitle` (e.g. "login"). */
  screen: string;
  wide?: boolean;
  children: React.ReactNode;
}

/** The card every auth screen sits in: document title, heading and subtitle, then the form. */
export function AuthCard({ screen, wide = false, children }: AuthCardProps) {
  const { t } = useTranslation("auth");
  return (
    <section className={wide ? "auth-card auth-card--wide" : "auth-card"}>
      <title>{`${t(`${screen}.documentTitle`)} · ${t("layout.appName")}`}</title>
      <header className="auth-card__header">
        <h1 id={`${screen}-title`} className="auth-card__title">
          {t(`${screen}.title`)}
        </h1>
        <p className="auth-card__subtitle">{t(`${screen}.subtitle`)}</p>
      </header>
      {children}
    </section>
  );
}
