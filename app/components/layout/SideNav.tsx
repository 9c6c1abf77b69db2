import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import type { MenuSection } from "./menu";

/**
 * The menu of the signed-in user (spec 2.3), one labelled list per section. NavLink marks
 * the current page with aria-current="page" and the active style.
 */
export function SideNav({ sections, onNavigate }: { sections: MenuSection[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <nav className="shell-nav" aria-label={t("menu.label")}>
      {sections.map((section) => {
        const headingId = `${id}-${section.id}`;
        return (
          <div className="shell-nav__section" key={section.id}>
            <h2 className="shell-nav__heading" id={headingId}>
              {t(section.labelKey)}
            </h2>
            <ul className="shell-nav__list" aria-labelledby={headingId}>
              {section.links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) => (isActive ? "shell-nav__link shell-nav__link--active" : "shell-nav__link")}
                    onClick={onNavigate}
                  >
                    {t(link.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
