import type { RefObject } from "react";
import { Dialog, DialogContext, Heading, OverlayTriggerStateContext, Popover, PopoverContext, Provider } from "react-aria-components";
import type { OverlayTriggerState } from "react-stately/useOverlayTriggerState";
import type { BusinessModule } from "../../../api/services/auth/types";
import { ModuleList } from "./ModuleList";

export interface QuickPanelPopoverProps {
  state: OverlayTriggerState;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** The trigger's overlay props: the id its aria-controls points at, labelled by the trigger. */
  dialogProps: { id?: string; "aria-labelledby": string };
  title: string;
  modules: BusinessModule[];
  currentModuleId: string;
  failed?: boolean;
}

/**
 * The quick panel's popover, loaded on demand by QuickPanel (react-aria's Popover is a chunk
 * of its own). The contexts are the ones react-aria-components' DialogTrigger provides, fed
 * from QuickPanel's trigger, so the Popover and the Dialog behave as inside a DialogTrigger:
 * placed under the button, focus moved into the dialog, Escape or a click outside closes it,
 * the focus back on the button.
 */
export function QuickPanelPopover({ state, triggerRef, dialogProps, title, ...modules }: QuickPanelPopoverProps) {
  return (
    <Provider
      values={[
        [OverlayTriggerStateContext, state],
        [DialogContext, dialogProps],
        [PopoverContext, { trigger: "DialogTrigger", triggerRef, ...dialogProps }],
      ]}
    >
      <Popover placement="bottom end" className="shell-popover shell-quick-panel">
        <Dialog className="shell-quick-panel__dialog">
          <Heading slot="title" className="shell-quick-panel__title">
            {title}
          </Heading>
          <ModuleList {...modules} />
        </Dialog>
      </Popover>
    </Provider>
  );
}
