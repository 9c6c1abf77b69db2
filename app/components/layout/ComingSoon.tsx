import { useTranslation } from "react-i18next";
import { ButtonLink } from "../ui/ButtonLink";

/**
 * The page of a feature that arrives in a later release: its real title, one sentence
 * saying so, and a way home. Nothing is broken and nothing returns 404 meanwhile.
 */
export function ComingSoon({ titleKey, description }: { titleKey: string; description?: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <section className="shell-page shell-coming-soon" aria-labelledby="page-title">
      <title>{`${title} · ${t("app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {title}
      </h1>
      <div className="shell-coming-soon__card">
        <p className="shell-coming-soon__badge">{t("comingSoon.badge")}</p>
        <p>{description ?? t("comingSoon.message")}</p>
        <ButtonLink to="/" variant="secondary">
          {t("actions.goHome")}
        </ButtonLink>
      </div>
    </section>
  );
}
