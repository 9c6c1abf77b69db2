import type { ReactNode } from "react";
import { useOverlayTriggerState } from "react-stately/useOverlayTriggerState";
import { Modal } from "./Modal";

export interface DialogProps {
  /** Heading of the dialog; it also names the dialog for screen readers. */
  title: ReactNode;
  /** Body; a function receives `close` for buttons inside the dialog. */
  children: ReactNode | ((options: { close: () => void }) => ReactNode);
  /** Controlled open state. */
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
 * A modal dialog (ui/Modal, a native <dialog>): focus is trapped inside and returns to
 * where it was on close, the page behind is inert, Escape closes it when dismissable.
 * Use it controlled (`isOpen`/`onOpenChange`) or with `defaultOpen`; to open it from a
 * button, `useDialogTrigger` (ui/Modal) gives the button's props and the state.
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
  const state = useOverlayTriggerState({ isOpen, onOpenChange, defaultOpen });
  return (
    <Modal
      state={state}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      role={role}
      overlayClassName="ui-modal-overlay"
      modalClassName={["ui-modal", `ui-modal--${size}`, className].filter(Boolean).join(" ")}
      dialogClassName="ui-dialog"
    >
      {({ titleProps, close }) => (
        <>
          <h2 {...titleProps} className="ui-dialog__title">
            {title}
          </h2>
          <div className="ui-dialog__body">{typeof children === "function" ? children({ close }) : children}</div>
        </>
      )}
    </Modal>
  );
}
