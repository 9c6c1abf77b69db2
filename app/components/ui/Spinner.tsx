import { useTranslation } from "react-i18next";

export interface SpinnerProps {
  /** Text announced to assistive technology and shown next to the wheel; defaults to 'Please wait...'. */
  label?: string;
  /** Show the label visibly (default) or only to screen readers. */
  showLabel?: boolean;
  size?: "sm" | "md" | "lg";
  /** Centre the spinner in a padded block (page-level loading) instead of inline. */
  block?: boolean;
  className?: string;
}

/**
 * A loading indicator with the spec's 'Please wait...' text (spec 2.7 loading state,
 * /logout). A polite live region, so screen readers hear it once without losing focus.
 */
export function Spinner({ label, showLabel = true, size = "md", block = false, className }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t("ui.pleaseWait");
  const classes = ["ui-spinner", `ui-spinner--${size}`, block && "ui-spinner--block", className].filter(Boolean).join(" ");
  return (
    <div role="status" aria-live="polite" className={classes}>
      <svg className="ui-spinner__wheel" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" strokeWidth="3" />
      </svg>
      <span className={showLabel ? "ui-spinner__label" : "ui-visually-hidden"}>{text}</span>
    </div>
  );
}
