import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BusinessModule, SessionUser } from "../../../api/services/auth/types";
import type { Language } from "../../i18n/languages";
import { LanguageSwitch, type LanguageOption } from "./LanguageSwitch";
import { MenuDrawer } from "./MenuDrawer";
import type { MenuSection } from "./menu";
import { QuickPanel } from "./QuickPanel";
import { UserPanel } from "./UserPanel";
import { UserTypeSwitch } from "./UserTypeSwitch";

export interface HeaderProps {
  user: SessionUser;
  menu: MenuSection[];
  modules: BusinessModule[];
  modulesFailed: boolean;
  currentModuleId: string;
  language: Language;
  languages: readonly LanguageOption[];
}

/** The authenticated header (spec 2.3). Each control is shown only when the user may use it. */
export function Header({ user, menu, modules, modulesFailed, currentModuleId, language, languages }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="shell-header">
      <div className="shell-header__start">
        <MenuDrawer sections={menu} />
        <Link to="/" className="shell-brand">
          <span className="shell-brand__mark" aria-hidden="true">
            Q
          </span>
          <span className="shell-brand__name">{t("app.name")}</span>
        </Link>
      </div>
      <div className="shell-header__end">
        {user.canSwitchLanguage && <LanguageSwitch current={language} languages={languages} />}
        {user.canSwitchUserType && <UserTypeSwitch userType={user.userType} />}
        <QuickPanel modules={modules} currentModuleId={currentModuleId} failed={modulesFailed} />
        <UserPanel user={user} modules={modules} currentModuleId={currentModuleId} modulesFailed={modulesFailed} />
      </div>
    </header>
  );
}
