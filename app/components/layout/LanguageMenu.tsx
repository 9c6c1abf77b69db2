import { useRef, type RefObject } from "react";
import {
  Menu,
  MenuContext,
  MenuItem,
  MenuSection,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  Separator,
  type Selection,
} from "react-aria-components";
import type { MenuTriggerAria } from "react-aria/useMenu";
import type { RootMenuTriggerState } from "react-stately/useMenuTriggerState";
import type { Language } from "../../i18n/languages";
import type { LanguageOption } from "./LanguageSwitch";

export interface LanguageMenuProps {
  state: RootMenuTriggerState;
  menuProps: MenuTriggerAria<object>["menuProps"];
  triggerRef: RefObject<HTMLButtonElement | null>;
  label: string;
  current: Language;
  languages: readonly LanguageOption[];
  onChoose: (code: Language) => void;
}

/** English and French first (spec 2.3), then the other complete message sets. */
const PRIMARY: readonly string[] = ["en", "fr"];

/**
 * The language menu in its popover, loaded on demand by LanguageSwitch (a chunk of its own:
 * react-aria's Menu and Popover are the heaviest code of the header). The contexts are the
 * ones react-aria-components' MenuTrigger provides, fed from LanguageSwitch's trigger, so the
 * Menu and the Popover behave exactly as inside a MenuTrigger: placed under the button, focus
 * on the first item when opened with the keyboard, closed by Escape, a click outside or a choice,
 * the focus back on the button.
 */
export function LanguageMenu({ state, menuProps, triggerRef, label, current, languages, onChoose }: LanguageMenuProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const primary = languages.filter((language) => PRIMARY.includes(language.code));
  const others = languages.filter((language) => !PRIMARY.includes(language.code));

  const onSelectionChange = (selection: Selection) => {
    if (selection === "all") return;
    const [code] = [...selection];
    if (code && code !== current) onChoose(code as Language);
  };

  const item = (language: LanguageOption) => (
    <MenuItem key={language.code} id={language.code} textValue={language.label} className="shell-menu__item">
      <span lang={language.code}>{language.label}</span>
    </MenuItem>
  );

  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [PopoverContext, { trigger: "MenuTrigger", triggerRef, scrollRef, placement: "bottom start", "aria-labelledby": menuProps["aria-labelledby"] }],
      ]}
    >
      <Popover placement="bottom end" className="shell-popover">
        <Menu aria-label={label} className="shell-menu" selectionMode="single" disallowEmptySelection selectedKeys={[current]} onSelectionChange={onSelectionChange}>
          <MenuSection className="shell-menu__section">{primary.map(item)}</MenuSection>
          <Separator className="shell-menu__separator" />
          <MenuSection className="shell-menu__section">{others.map(item)}</MenuSection>
        </Menu>
      </Popover>
    </Provider>
  );
}
