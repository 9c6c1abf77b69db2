import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export type ErrorPageVariant = "v1" | "v2" | "v3";

/**
 * The three error pages of spec 2.1, with their texts verbatim in English:
 * v1 a large 404 and 'OOPS! Something went wrong here'; v2 'OOPS!' and 'Something went
 * wrong here'; v3 404, 'How did you get here', an apology and a hint. Each links home.
 */
export function ErrorPage({ variant }: { variant: ErrorPageVariant }) {
  const { t } = useTranslation();
  return (
    <main className={`shell-error-page shell-error-page--${variant}`} id="main-content" tabIndex={-1}>
      <title>{`${t(`errorPages.${variant}.documentTitle`)} · ${t("app.name")}`}</title>
      <div className="shell-error-page__content">
        {variant === "v1" && (
          <>
            <p className="shell-error-page__code" aria-hidden="true">
              404
            </p>
            <h1 className="shell-error-page__title">{t("errorPages.v1.title")}</h1>
          </>
        )}
        {variant === "v2" && (
          <>
            <h1 className="shell-error-page__code">{t("errorPages.v2.title")}</h1>
            <p className="shell-error-page__title">{t("errorPages.v2.message")}</p>
          </>
        )}
        {variant === "v3" && (
          <>
            <p className="shell-error-page__code" aria-hidden="true">
              404
            </p>
            <h1 className="shell-error-page__title">{t("errorPages.v3.title")}</h1>
            <p className="shell-error-page__message">{t("errorPages.v3.message")}</p>
            <p className="shell-error-page__hint">{t("errorPages.v3.hint")}</p>
          </>
        )}
        <Link to="/" className="ui-button ui-button--primary ui-button--md shell-error-page__home">
          {t("actions.goHome")}
        </Link>
      </div>
    </main>
  );
}
