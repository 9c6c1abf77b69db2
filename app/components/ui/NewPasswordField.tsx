import { useState } from "react";
import { PasswordField, type PasswordFieldProps } from "./PasswordField";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
import type { StrengthHints } from "./usePasswordStrength";

export interface NewPasswordFieldProps extends Omit<PasswordFieldProps, "autoComplete"> {
  /** The e-mail and names typed on the same form, counted against the password. */
  strengthHints?: StrengthHints;
}

/**
 * A field where a NEW password is chosen (registration, reset, change): the password field
 * with `autoComplete="new-password"` and the strength meter under it. The field stays
 * uncontrolled (it submits with the form); the meter only follows what is typed.
 */
export function NewPasswordField({ strengthHints, onChange, className, ...props }: NewPasswordFieldProps) {
  const [password, setPassword] = useState("");
  return (
    <div className={["ui-new-password", className].filter(Boolean).join(" ")}>
      <PasswordField
        {...props}
        autoComplete="new-password"
        onChange={(value) => {
          setPassword(value);
          onChange?.(value);
        }}
      />
      <PasswordStrengthMeter password={password} hints={strengthHints} />
    </div>
  );
}
