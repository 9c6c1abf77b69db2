import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { useOverlayTrigger } from "react-aria/useOverlayTrigger";
import { useOverlayTriggerState } from "react-stately/useOverlayTriggerState";
import type { BusinessModule } from "../../../api/services/auth/types";
import { GridIcon } from "./icons";
import type { QuickPanelPopoverProps } from "./QuickPanelPopover";
import { useLazyPopup } from "./use-lazy-popup";

const loadQuickPanelPopover = () => import("./QuickPanelPopover").then((module) => module.QuickPanelPopover);

/**
 * The header's quick panel: jump into the other modules of the business (spec 1, 2.3).
 * react-aria-components' DialogTrigger taken apart: the button and its state are here
 * (aria-expanded, aria-controls), the popover with its dialog (QuickPanelPopover) is loaded
 * when first wanted.
 */
export function QuickPanel(props: { modules: BusinessModule[]; currentModuleId: string; failed?: boolean }) {
  const { t } = useTranslation();
  const state = useOverlayTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: "dialog" }, state, triggerRef);
  const { Popup: QuickPanelPopover, preload } = useLazyPopup<QuickPanelPopoverProps>(loadQuickPanelPopover, state.isOpen, state.close);
  return (
    <>
      <Button
        {...triggerProps}
        id={triggerId}
        ref={triggerRef}
        onHoverStart={preload}
        onFocus={preload}
        className="shell-header__button"
        aria-label={t("header.quickPanel")}
      >
        <GridIcon />
      </Button>
      {QuickPanelPopover && (
        <QuickPanelPopover
          state={state}
          triggerRef={triggerRef}
          dialogProps={{ ...overlayProps, "aria-labelledby": triggerId }}
          title={t("modules.title")}
          {...props}
        />
      )}
    </>
  );
}
