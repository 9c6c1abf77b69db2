import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components";
import { useTranslation } from "react-i18next";

/** Spec 9: alerts hide themselves after 4 seconds. */
export const ALERT_AUTO_HIDE_MS = 4000;

export type AlertVariant = "success" | "danger" | "warning" | "info";

export interface AlertProps {
  variant?: AlertVariant;
  /** Optional bold heading above the text. */
  title?: ReactNode;
  children: ReactNode;
  /** Show a close button (default true). */
  isDismissable?: boolean;
  /**
   * Milliseconds until the alert hides itself; default 4000 (spec 9), `null` keeps it.
   * The countdown pauses while the pointer or keyboard focus is inside the alert.
   */
  autoHideMs?: number | null;
  /**
   * Show the alert again (and restart the countdown) whenever this value changes, e.g. the
   * action's answer object, so a repeated identical error is announced again.
   */
  resetKey?: unknown;
  /** Called when the alert hides, by its close button or by the timer. */
  onClose?: () => void;
  className?: string;
  id?: string;
}

/**
 * A message box. Danger and warning alerts are `role="alert"` (read out at once); success
 * and info are `role="status"`. Without JavaScript it simply stays visible.
 */
export function Alert({
  variant = "info",
  title,
  children,
  isDismissable = true,
  autoHideMs = ALERT_AUTO_HIDE_MS,
  resetKey,
  onClose,
  className,
  id,
}: AlertProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  const [paused, setPaused] = useState(false);
  const [lastResetKey, setLastResetKey] = useState(resetKey);
  if (resetKey !== lastResetKey) {
    setLastResetKey(resetKey);
    setVisible(true);
  }
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!visible || paused || autoHideMs == null) return;
    const timer = setTimeout(() => {
      setVisible(false);
      onCloseRef.current?.();
    }, autoHideMs);
    return () => clearTimeout(timer);
  }, [visible, paused, autoHideMs, lastResetKey]);

  if (!visible) return null;
  const close = () => {
    setVisible(false);
    onClose?.();
  };
  const urgent = variant === "danger" || variant === "warning";
  return (
    <div
      id={id}
      role={urgent ? "alert" : "status"}
      className={["ui-alert", `ui-alert--${variant}`, className].filter(Boolean).join(" ")}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="ui-alert__body">
        {title && <p className="ui-alert__title">{title}</p>}
        <div className="ui-alert__text">{children}</div>
      </div>
      {isDismissable && (
        <AriaButton className="ui-alert__close" aria-label={t("ui.close")} onPress={close}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3 3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </AriaButton>
      )}
    </div>
  );
}
