import type { ReactNode } from "react";
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from "react-aria-components";

export interface SwitchProps extends Omit<AriaSwitchProps, "children"> {
  /** The label; visually hidden with `hideLabel` when a table header already names it. */
  children: ReactNode;
  hideLabel?: boolean;
}

/**
 * An on/off switch (react-aria Switch): a native checkbox with role="switch", so Space
 * toggles it and screen readers say "on"/"off". For settings that apply at once.
 */
export function Switch({ children, hideLabel, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={["ui-switch", className].filter(Boolean).join(" ")}>
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
      <span className={hideLabel ? "ui-visually-hidden" : "ui-switch__label"}>{children}</span>
    </AriaSwitch>
  );
}
