import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { useMenuTriggerState } from "react-stately/useMenuTriggerState";
import { LANGUAGE_COOKIE, type Language } from "../../i18n/languages";
import { GlobeIcon } from "./icons";
import type { LanguageMenuProps } from "./LanguageMenu";
import { useLazyPopup } from "./use-lazy-popup";
import { useMenuButton } from "./use-menu-button";

export interface LanguageOption {
  code: Language;
  label: string;
}

/** Spec 9: the choice is kept for a year and the page reloads, so the server renders in it. */
export function chooseLanguage(code: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  window.location.reload();
}

const loadLanguageMenu = () => import("./LanguageMenu").then((module) => module.LanguageMenu);

/**
 * The header's language menu (spec 2.3; shown only when the user may switch, spec 6).
 * This is react-aria-components' MenuTrigger taken apart: the button and its state are here
 * (use-menu-button.ts, react-aria's useMenuTrigger without long press: Enter, Space and
 * the arrow keys open it, aria-haspopup and aria-expanded), the menu in its popover (LanguageMenu) is loaded when first wanted.
 */
export function LanguageSwitch({ current, languages }: { current: Language; languages: readonly LanguageOption[] }) {
  const { t } = useTranslation();
  const currentLabel = languages.find((language) => language.code === current)?.label ?? current;
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuButton(state, triggerRef);
  const { Popup: LanguageMenu, preload } = useLazyPopup<LanguageMenuProps>(loadLanguageMenu, state.isOpen, state.close);

  return (
    <>
      {/* The name starts with the visible code (WCAG 2.5.3, label in name): "EN, Language: English". */}
      <Button
        {...menuTriggerProps}
        ref={triggerRef}
        onHoverStart={preload}
        onFocus={preload}
        className="shell-header__button"
        aria-label={`${current.toUpperCase()}, ${t("header.languageButton", { language: currentLabel })}`}
      >
        <GlobeIcon />
        <span className="shell-header__button-text" aria-hidden="true">
          {current.toUpperCase()}
        </span>
      </Button>
      {LanguageMenu && (
        <LanguageMenu
          state={state}
          menuProps={menuProps}
          triggerRef={triggerRef}
          label={t("header.language")}
          current={current}
          languages={languages}
          onChoose={chooseLanguage}
        />
      )}
    </>
  );
}
