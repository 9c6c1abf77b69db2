import { useRef, type DOMAttributes, type ReactNode, type RefObject } from "react";
import type { AriaButtonProps } from "react-aria/useButton";
import { mergeProps } from "react-aria/mergeProps";
import { DismissButton, Overlay } from "react-aria/Overlay";
import { useIsSSR } from "react-aria/SSRProvider";
import { useDialog } from "react-aria/useDialog";
import { useModalOverlay } from "react-aria/useModalOverlay";
import { useOverlayTrigger } from "react-aria/useOverlayTrigger";
import { useOverlayTriggerState, type OverlayTriggerProps, type OverlayTriggerState } from "react-stately/useOverlayTriggerState";

/*
 * The modal dialogs of the app (ui/Dialog, the header's menu drawer and user panel), built on
 * react-aria's hooks, exactly as react-aria-components' ModalOverlay + Modal + Dialog are built
 * on them. Not those components themselves: their Dialog module imports the Menu and Popover
 * modules (for two context objects), and every page has a dialog, so every page downloaded the
 * menu, popover, collection and selection code (~25 KB gzipped; docs/performance.md "Exam page
 * weight"). The hooks bring the same behaviour without them: focus moves into the dialog, is
 * contained there and returns to the trigger on close; the page behind is inert (`inert` on
 * its siblings) and does not scroll; Escape and a click outside close it when dismissable.
 */

type ElementProps = DOMAttributes<HTMLElement>;
/** What a trigger tells its dialog: the id its aria-controls points at. */
type DialogIdProps = { id?: string };

export interface ModalProps {
  state: OverlayTriggerState;
  /** Close on a click outside and on Escape. */
  isDismissable?: boolean;
  /** Keep Escape from closing it (alert dialogs that need an answer). */
  isKeyboardDismissDisabled?: boolean;
  role?: "dialog" | "alertdialog";
  /** The full-screen backdrop. */
  overlayClassName: string;
  /** The box on the backdrop (it scrolls). */
  modalClassName: string;
  /** The dialog element inside the box (role dialog or alertdialog). */
  dialogClassName: string;
  /** From `useDialogTrigger`: the id the trigger's aria-controls points at. */
  dialogProps?: DialogIdProps;
  /** `titleProps` go on the heading that names the dialog (an `h2`). */
  children: (dialog: { titleProps: ElementProps; close: () => void }) => ReactNode;
}

/** Renders nothing while closed, and nothing in the server render or before hydration (like react-aria's). */
export function Modal(props: ModalProps) {
  const isSSR = useIsSSR();
  if (!props.state.isOpen || isSSR) return null;
  return <OpenModal {...props} />;
}

function OpenModal({
  state,
  isDismissable = false,
  isKeyboardDismissDisabled = false,
  role = "dialog",
  overlayClassName,
  modalClassName,
  dialogClassName,
  dialogProps,
  children,
}: ModalProps) {
  const modalRef = useRef<HTMLDivElement>(null);
  const { modalProps, underlayProps } = useModalOverlay({ isDismissable, isKeyboardDismissDisabled }, state, modalRef);
  return (
    <Overlay>
      <div {...underlayProps} className={overlayClassName}>
        <div {...modalProps} ref={modalRef} className={modalClassName}>
          {/* A hidden "Dismiss" button for screen readers on touch devices, which have no Escape key. */}
          {isDismissable && <DismissButton onDismiss={state.close} />}
          <DialogElement role={role} className={dialogClassName} extraProps={dialogProps}>
            {(titleProps) => children({ titleProps, close: state.close })}
          </DialogElement>
        </div>
      </div>
    </Overlay>
  );
}

function DialogElement({
  role,
  className,
  extraProps,
  children,
}: {
  role: "dialog" | "alertdialog";
  className: string;
  extraProps?: DialogIdProps;
  children: (titleProps: ElementProps) => ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  // useDialog focuses the dialog element on mount unless something inside took focus (autoFocus),
  // and names it by the heading that gets `titleProps`.
  const { dialogProps, titleProps } = useDialog({ role, id: extraProps?.id }, ref);
  return (
    <section {...mergeProps(extraProps, dialogProps)} ref={ref} className={className}>
      {children(titleProps)}
    </section>
  );
}

/**
 * A button that opens a modal: spread `triggerProps` on a react-aria `Button`, pass `state` and
 * `dialogProps` to `Modal`. The button says whether its dialog is open (aria-expanded, and
 * aria-controls while open; the header's styles show it pressed while expanded) and gets the
 * focus back when the modal closes. What react-aria-components' DialogTrigger does, without
 * its module (which imports Menu and Popover).
 */
export function useDialogTrigger(props: OverlayTriggerProps = {}): {
  state: OverlayTriggerState;
  triggerProps: AriaButtonProps & { ref: RefObject<HTMLButtonElement | null> };
  dialogProps: DialogIdProps;
} {
  const state = useOverlayTriggerState(props);
  const ref = useRef<HTMLButtonElement>(null);
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: "dialog" }, state, ref);
  return { state, triggerProps: { ...triggerProps, ref }, dialogProps: overlayProps };
}
