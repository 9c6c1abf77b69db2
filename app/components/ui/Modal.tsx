import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { AriaButtonProps } from "react-aria/useButton";
import { UNSAFE_PortalProvider } from "react-aria/PortalProvider";
import { useOverlayTrigger } from "react-aria/useOverlayTrigger";
import { useOverlayTriggerState, type OverlayTriggerProps, type OverlayTriggerState } from "react-stately/useOverlayTriggerState";
import { useHydrated } from "../layout/use-hydrated";

/*
 * The modal dialogs of the app (ui/Dialog, the header's menu drawer and user panel): a native
 * <dialog> opened with showModal() (issue 19: ~1 KB where react-aria's overlay, focus-scope and
 * dialog hooks took 10 KB on every page; docs/performance.md "Exam page weight"). The browser
 * puts it in the top layer and makes the page behind it inert; this file does the rest of what
 * react-aria did, the same way: the dialog element takes the focus on opening (a control with
 * `autoFocus` takes it right after), Tab and Shift+Tab go round inside it, the focus returns to
 * what had it when the dialog closes; the page behind gets `inert` (as react-aria set it) and
 * does not scroll; Escape (the `cancel` event) and a click on the backdrop close it when
 * dismissable; a hidden "Close" button lets screen readers on phones, which have no Escape
 * key, dismiss it; react-aria's popovers opened inside it are put inside it.
 */

/** What a trigger tells its dialog: the id its aria-controls points at. */
type DialogIdProps = { id?: string };

export interface ModalProps {
  state: OverlayTriggerState;
  /** Close on a click outside and on Escape. */
  isDismissable?: boolean;
  /** Keep Escape from closing it (alert dialogs that need an answer). */
  isKeyboardDismissDisabled?: boolean;
  role?: "dialog" | "alertdialog";
  /** The full-screen backdrop (the <dialog> element itself). */
  overlayClassName: string;
  /** The box on the backdrop (it scrolls). */
  modalClassName: string;
  /** The content inside the box. */
  dialogClassName: string;
  /** From `useDialogTrigger`: the id the trigger's aria-controls points at. */
  dialogProps?: DialogIdProps;
  /** `titleProps` go on the heading that names the dialog (an `h2`). */
  children: (dialog: { titleProps: { id: string }; close: () => void }) => ReactNode;
}

/** Renders nothing while closed, and nothing in the server render or before hydration (as react-aria's did). */
export function Modal(props: ModalProps) {
  const hydrated = useHydrated();
  if (!props.state.isOpen || !hydrated) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

const TABBABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `root`, in order (visible ones, not tabindex=-1). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/** Open modals, so that the page's scroll comes back only when the last one closes. */
let openModals = 0;

/** The page behind the dialog: `inert` on the body's other children, undone on close. */
function inertOutside(dialog: HTMLElement): () => void {
  const made = [...document.body.children].filter((element): element is HTMLElement => element !== dialog && element instanceof HTMLElement && !element.inert);
  for (const element of made) element.inert = true;
  const root = document.documentElement;
  const before = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
  if (openModals++ === 0) {
    // Hiding the scroll bar must not shift the page sideways.
    const scrollBar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollBar > 0) root.style.paddingRight = `${scrollBar}px`;
  }
  return () => {
    for (const element of made) element.inert = false;
    if (--openModals === 0) Object.assign(root.style, before);
  };
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
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);
  const closesOnEscape = isDismissable && !isKeyboardDismissDisabled;

  // A layout effect: it runs before the controls' own effects, so an `autoFocus` inside wins.
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.focus();
    const restore = inertOutside(dialog);
    return () => {
      restore();
      dialog.close();
      // Back to what opened it (the trigger), if it is still on the page.
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const dialog = ref.current!;
    const order = tabbables(dialog);
    if (order.length === 0) {
      event.preventDefault();
      return;
    }
    const first = order[0];
    const last = order[order.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      id={dialogProps?.id}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={`ui-native-modal ${overlayClassName}`}
      onKeyDown={onKeyDown}
      // Escape: the browser would close the dialog itself; the state decides instead.
      onCancel={(event) => {
        event.preventDefault();
        if (closesOnEscape) state.close();
      }}
      // Closed anyway (a browser closes it after repeated Escapes): an alert that needs an answer stays.
      onClose={() => {
        const dialog = ref.current;
        // Open again already (React's development double effects close and reopen it): nothing to do.
        if (!dialog || dialog.open) return;
        if (closesOnEscape) state.close();
        else dialog.showModal();
      }}
      // A click on the backdrop (the dialog element around the box), pressed and released there.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (isDismissable && pressedOnBackdrop.current && event.target === event.currentTarget) state.close();
      }}
    >
      <div className={modalClassName}>
        {/* A hidden close button for screen readers on touch devices, which have no Escape key. */}
        {isDismissable && <button type="button" tabIndex={-1} className="ui-visually-hidden" aria-label={t("actions.close")} onClick={state.close} />}
        {/* Popovers opened inside (a select's list, a date picker) go into the dialog, the top
            layer: in <body> they would be under it and inert. */}
        <UNSAFE_PortalProvider getContainer={() => ref.current}>
          <div className={dialogClassName}>{children({ titleProps: { id: titleId }, close: state.close })}</div>
        </UNSAFE_PortalProvider>
      </div>
    </dialog>
  );
}

/**
 * A button that opens a modal: spread `triggerProps` on a react-aria `Button`, pass `state` and
 * `dialogProps` to `Modal`. The button says whether its dialog is open (aria-expanded, and
 * aria-controls while open; the header's styles show it pressed while expanded) and gets the
 * focus back when the modal closes.
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
