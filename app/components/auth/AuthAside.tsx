import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "./Logo";

export interface SiteLinks {
  privacy: string;
  legal: string;
  contact: string;
}

/** Privacy, Legal and Contact on the external site, with the copyright line (spec 2.2). */
export function AuthFooter({ links, year, className }: { links: SiteLinks; year: number; className: string }) {
  const { t } = useTranslation("auth");
  return (
    <footer className={className}>
      <span>{t("layout.copyright", { year, product: t("layout.product") })}</span>
      <nav aria-label={t("layout.siteLinks")}>
        <ul className="auth-footer__links">
          <li>
            <a href={links.privacy}>{t("layout.privacy")}</a>
          </li>
          <li>
            <a href={links.legal}>{t("layout.legal")}</a>
          </li>
          <li>
            <a href={links.contact}>{t("layout.contact")}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}

/** The side panel of the auth screens: logo, welcome text, copyright and site links. */
export function AuthAside({ links, year }: { links: SiteLinks; year: number }) {
  const { t } = useTranslation("auth");
  const product = t("layout.product");
  return (
    <aside className="auth-aside" aria-label={t("layout.asideLabel")}>
      <Link to="/auth/login" className="auth-aside__brand">
        <Logo className="auth-aside__logo" />
        <span>{t("layout.appName")}</span>
      </Link>
      <div className="auth-aside__welcome">
        <h2 className="auth-aside__title">{t("layout.welcomeTitle")}</h2>
        <p className="auth-aside__text">{t("layout.welcomeText", { product })}</p>
      </div>
      <AuthFooter links={links} year={year} className="auth-aside__footer" />
    </aside>
  );
}
