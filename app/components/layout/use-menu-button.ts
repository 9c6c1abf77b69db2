import { useId, type RefObject } from "react";
import type { AriaButtonProps } from "react-aria/useButton";
import type { MenuTriggerAria } from "react-aria/useMenu";
import { useOverlayTrigger } from "react-aria/useOverlayTrigger";
import type { RootMenuTriggerState } from "react-stately/useMenuTriggerState";

/**
 * The button of a menu (the header's language menu): react-aria's useMenuTrigger for a
 * pressed button, without its long-press and context-menu support (their handlers and their
 * strings in every language, 2.2 KB gzipped on every page; docs/performance.md "Exam page
 * weight"), which no menu of the app uses. The same behaviour: a mouse opens the menu on
 * press start, a touch on release, a screen reader's virtual click on the first item; Enter,
 * Space and ArrowDown open it on the first item, ArrowUp on the last; aria-haspopup,
 * aria-expanded and aria-controls say so; the menu is named by the button.
 */
export function useMenuButton(
  state: RootMenuTriggerState,
  ref: RefObject<HTMLButtonElement | null>,
): { menuTriggerProps: AriaButtonProps & { id: string }; menuProps: MenuTriggerAria<object>["menuProps"] } {
  const menuTriggerId = useId();
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: "menu" }, state, ref);
  const { onPress: _toggle, ...ariaProps } = triggerProps;
  return {
    menuTriggerProps: {
      ...ariaProps,
      id: menuTriggerId,
      preventFocusOnPress: true,
      onPressStart(event) {
        if (event.pointerType === "touch" || event.pointerType === "keyboard") return;
        // The button keeps the focus, so that it gets it back when the menu closes.
        (event.target as HTMLElement).focus();
        state.open(event.pointerType === "virtual" ? "first" : null);
      },
      onPress(event) {
        if (event.pointerType !== "touch") return;
        (event.target as HTMLElement).focus();
        state.toggle();
      },
      onKeyDown(event) {
        const strategy = event.key === "ArrowUp" ? "last" : ["Enter", " ", "ArrowDown"].includes(event.key) ? "first" : null;
        // A key handled already (a typeahead's Space) or one that is not ours goes on.
        if (!strategy || event.isDefaultPrevented()) {
          event.continuePropagation();
          return;
        }
        event.preventDefault();
        state.toggle(strategy);
      },
    },
    menuProps: { ...overlayProps, "aria-labelledby": menuTriggerId, autoFocus: state.focusStrategy || true, onClose: state.close },
  };
}
