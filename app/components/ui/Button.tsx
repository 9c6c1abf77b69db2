import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from "react-aria-components";
import { useTranslation } from "react-i18next";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps extends AriaButtonProps {
  /** Visual style; `primary` by default. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container (auth forms, small screens). */
  fullWidth?: boolean;
}

/** Class names shared by `Button` and `ButtonLink`, so a link can look like a button. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string }): string {
  return ["ui-button", `ui-button--${variant}`, `ui-button--${size}`, fullWidth && "ui-button--full", className]
    .filter(Boolean)
    .join(" ");
}

/** While pending, only these handlers stay (focus and hover, for tooltips); presses are ignored. */
const KEPT_WHILE_PENDING = /Focus|Blur|Hover|Pointer(Enter|Leave|Over|Out)|Mouse(Enter|Leave|Over|Out)/;

/**
 * A react-aria button. `type` defaults to "button": pass `type="submit"` in forms. With
 * `isPending` it keeps its size and focus, shows a spinner, ignores presses, stops a form's
 * implicit submission and says 'Please wait...' in a live region beside it.
 *
 * The pending state is ours rather than react-aria's: react-aria announces the end of
 * `isPending` by pointing its live announcer at the button's id, and when the button is gone
 * by then (a sign-in that moves to the next page) the announcer is left holding a label that
 * points at nothing (axe: role-img-alt). Our live region leaves with the button.
 */
export function Button({ variant, size, fullWidth, className, children, isPending: pending, ...props }: ButtonProps) {
  const { t } = useTranslation();
  // A button that can be pending is given the prop from its first render (true or false).
  const canBePending = pending !== undefined;
  const isPending = pending === true;
  const pendingProps: Partial<AriaButtonProps> & { "data-pending"?: true } = {};
  if (isPending) {
    for (const key of Object.keys(props)) if (key.startsWith("on") && !KEPT_WHILE_PENDING.test(key)) (pendingProps as Record<string, undefined>)[key] = undefined;
    Object.assign(pendingProps, { "aria-disabled": true, "data-pending": true, type: props.type === "submit" ? "button" : props.type });
  }
  return (
    <>
      <AriaButton
        {...props}
        {...pendingProps}
        className={composeRenderProps(className, (userClass) => buttonClassName({ variant, size, fullWidth, className: userClass }))}
      >
        {composeRenderProps(children, (content) => (
          <>
            {isPending && (
              <span className="ui-button__spinner" aria-hidden="true">
                <svg viewBox="0 0 24 24" focusable="false">
                  <circle cx="12" cy="12" r="10" fill="none" strokeWidth="3" />
                </svg>
              </span>
            )}
            <span className="ui-button__content">{content}</span>
          </>
        ))}
      </AriaButton>
      {/* Out of the layout (absolutely placed), and there before it speaks so that it is heard. */}
      {canBePending && (
        <span className="ui-visually-hidden" role="status">
          {isPending ? t("ui.pleaseWait") : ""}
        </span>
      )}
    </>
  );
}
