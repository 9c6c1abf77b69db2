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

/**
 * A react-aria button. `type` defaults to "button": pass `type="submit"` in forms. With
 * `isPending` it keeps its size, shows a spinner, ignores presses and announces 'Please
 * wait...' (use it for submit buttons while the action runs).
 *
 * Not for a button that disappears when its call ends (a step that moves on): react-aria
 * announces the end of `isPending` through the button's id, which is then gone, and the
 * live region is left pointing at nothing (axe: role-img-alt). Use `isDisabled` there.
 */
export function Button({ variant, size, fullWidth, className, children, ...props }: ButtonProps) {
  const { t } = useTranslation("auth");
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (userClass) => buttonClassName({ variant, size, fullWidth, className: userClass }))}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending && (
            <span className="ui-button__spinner" aria-hidden="true">
              <svg viewBox="0 0 24 24" focusable="false">
                <circle cx="12" cy="12" r="10" fill="none" strokeWidth="3" />
              </svg>
            </span>
          )}
          <span className="ui-button__content">{content}</span>
          {isPending && <span className="ui-visually-hidden">{t("ui.pleaseWait")}</span>}
        </>
      ))}
    </AriaButton>
  );
}
