import type { ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";

export { DialogTrigger } from "react-aria-components";

export interface DialogProps {
  /** Heading of the dialog; it also names the dialog for screen readers. */
  title: ReactNode;
  /** Body; a function receives `close` for buttons inside the dialog. */
  children: ReactNode | ((options: { close: () => void }) => ReactNode);
  /** Controlled open state. Leave out when inside a `DialogTrigger`. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  defaultOpen?: boolean;
  /** Close on a click outside and on Escape (default true; false for alert dialogs). */
  isDismissable?: boolean;
  /** "alertdialog" for interruptions that need an answer (e.g. 'Session expired'). */
  role?: "dialog" | "alertdialog";
  size?: "sm" | "md" | "lg" | "xl";
  className?: string;
}

/**
 * A modal dialog (react-aria ModalOverlay + Modal + Dialog): focus is trapped inside and
 * returns to the trigger on close, the page behind is inert, Escape closes it.
 * Use it controlled (`isOpen`/`onOpenChange`) or as the second child of `DialogTrigger`
 * (first child: a `Button`).
 */
export function Dialog({
  title,
  children,
  isOpen,
  onOpenChange,
  defaultOpen,
  isDismissable = true,
  role = "dialog",
  size = "md",
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      className="ui-modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      defaultOpen={defaultOpen}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className={["ui-modal", `ui-modal--${size}`, className].filter(Boolean).join(" ")}>
        <AriaDialog className="ui-dialog" role={role}>
          {({ close }) => (
            <>
              <Heading slot="title" className="ui-dialog__title">
                {title}
              </Heading>
              <div className="ui-dialog__body">{typeof children === "function" ? children({ close }) : children}</div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
