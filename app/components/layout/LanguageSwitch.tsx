import { useTranslation } from "react-i18next";
import { Button, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator, type Selection } from "react-aria-components";
import { LANGUAGE_COOKIE, type Language } from "../../i18n/languages";
import { GlobeIcon } from "./icons";

export interface LanguageOption {
  code: Language;
  label: string;
}

/** Spec 9: the choice is kept for a year and the page reloads, so the server renders in it. */
export function chooseLanguage(code: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  window.location.reload();
}

/** English and French first (spec 2.3), then the other complete message sets. */
const PRIMARY: readonly string[] = ["en", "fr"];

/** The header's language menu (spec 2.3; shown only when the user may switch, spec 6). */
export function LanguageSwitch({ current, languages }: { current: Language; languages: readonly LanguageOption[] }) {
  const { t } = useTranslation();
  const currentLabel = languages.find((language) => language.code === current)?.label ?? current;
  const primary = languages.filter((language) => PRIMARY.includes(language.code));
  const others = languages.filter((language) => !PRIMARY.includes(language.code));

  const onSelectionChange = (selection: Selection) => {
    if (selection === "all") return;
    const [code] = [...selection];
    if (code && code !== current) chooseLanguage(code as Language);
  };

  const item = (language: LanguageOption) => (
    <MenuItem key={language.code} id={language.code} textValue={language.label} className="shell-menu__item">
      <span lang={language.code}>{language.label}</span>
    </MenuItem>
  );

  return (
    <MenuTrigger>
      {/* The name starts with the visible code (WCAG 2.5.3, label in name): "EN, Language: English". */}
      <Button className="shell-header__button" aria-label={`${current.toUpperCase()}, ${t("header.languageButton", { language: currentLabel })}`}>
        <GlobeIcon />
        <span className="shell-header__button-text" aria-hidden="true">
          {current.toUpperCase()}
        </span>
      </Button>
      <Popover placement="bottom end" className="shell-popover">
        <Menu
          aria-label={t("header.language")}
          className="shell-menu"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[current]}
          onSelectionChange={onSelectionChange}
        >
          <MenuSection className="shell-menu__section">{primary.map(item)}</MenuSection>
          <Separator className="shell-menu__separator" />
          <MenuSection className="shell-menu__section">{others.map(item)}</MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
