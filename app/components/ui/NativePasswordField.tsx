import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";

export interface NativePasswordFieldProps {
  label: ReactNode;
  name: string;
  autoComplete?: string;
}

/**
 * A password field on the browser's own `<input>`, looking exactly like `PasswordField` (same
 * class names), for the exam page's password step. Why not `PasswordField`: react-aria's text
 * field and toggle weigh ~3 KB on the page with a weight budget (docs/performance.md "Exam
 * page weight"), and loading them lazily made the server stream the field after the page
 * (React's late segment, hidden until a script moved it in; hydration could then replace it,
 * losing what was typed). This one is drawn with the page and is uncontrolled: the form reads
 * it when it is sent, and the browser keeps what was typed before hydration.
 * The show/hide toggle is a real button (aria-pressed, 'Show password'), reachable by keyboard.
 * Use `PasswordField` in forms that validate with react-aria (server errors by field name).
 */
export function NativePasswordField({ label, name, autoComplete }: NativePasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="ui-field">
      <div className="ui-field__label-row">
        <label className="ui-field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <div className="ui-input-group">
        <input id={id} className="ui-input" type={visible ? "text" : "password"} name={name} autoComplete={autoComplete} spellCheck={false} />
        <button type="button" className="ui-input-group__button" aria-label={t("ui.showPassword")} aria-pressed={visible} onClick={() => setVisible(!visible)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z" fill="currentColor" />
            {visible && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
    </div>
  );
}
