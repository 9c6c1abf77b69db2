import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { Modal, useDialogTrigger } from "../ui/Modal";
import { CloseIcon, MenuIcon } from "./icons";
import type { MenuSection } from "./menu";
import { SideNav } from "./SideNav";

/** Spec 9 breakpoint lg: from here on the menu is a permanent sidebar. */
export const LG_MEDIA_QUERY = "(min-width: 992px)";

/**
 * Below the lg breakpoint the side menu collapses into this drawer: a toggle button in
 * the header opens it as a modal side sheet (focus trapped, Escape and outside click
 * close it, choosing a link closes it).
 */
export function MenuDrawer({ sections }: { sections: MenuSection[] }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const { state, triggerProps, dialogProps } = useDialogTrigger({ isOpen, onOpenChange: setOpen });

  // Widening the window past lg shows the sidebar; a drawer left open would trap focus.
  useEffect(() => {
    const media = window.matchMedia(LG_MEDIA_QUERY);
    const onChange = () => media.matches && setOpen(false);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  return (
    <>
      <Button {...triggerProps} className="shell-header__button shell-drawer-toggle" aria-label={t("header.openMenu")}>
        <MenuIcon />
      </Button>
      <Modal
        state={state}
        isDismissable
        overlayClassName="shell-drawer-overlay"
        modalClassName="shell-drawer"
        dialogClassName="shell-drawer__dialog"
        dialogProps={dialogProps}
      >
        {({ titleProps, close }) => (
          <>
            <div className="shell-drawer__header">
              <h2 {...titleProps} className="shell-drawer__title">
                {t("menu.label")}
              </h2>
              <Button className="shell-header__button" onPress={close} aria-label={t("header.closeMenu")}>
                <CloseIcon />
              </Button>
            </div>
            <SideNav sections={sections} onNavigate={close} />
          </>
        )}
      </Modal>
    </>
  );
}
