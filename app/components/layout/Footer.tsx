import { useTranslation } from "react-i18next";

/** Privacy, Legal and Contact on the product's public site (spec 2.3; config SITE_URL). */
export function Footer({ siteUrl }: { siteUrl: string }) {
  const { t } = useTranslation();
  const base = siteUrl.replace(/\/$/, "");
  return (
    <footer className="shell-footer">
      <p className="shell-footer__copy">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      <nav aria-label={t("footer.label")}>
        <ul className="shell-footer__links">
          <li>
            <a href={`${base}/privacy`}>{t("footer.privacy")}</a>
          </li>
          <li>
            <a href={`${base}/legal`}>{t("footer.legal")}</a>
          </li>
          <li>
            <a href={`${base}/contact`}>{t("footer.contact")}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
