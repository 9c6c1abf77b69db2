import type { ReactNode } from "react";
import { Label } from "react-aria-components";

/**
 * The label row of a field: a react-aria `Label` (wired to the field by context) and, for
 * required fields, an asterisk kept outside the label so that the label's text stays
 * exactly the field's name (screen readers get `aria-required` instead).
 */
export function FieldLabel({ children, required }: { children: ReactNode; required?: boolean }) {
  return (
    <div className="ui-field__label-row">
      <Label className="ui-field__label">{children}</Label>
      {required && (
        <span className="ui-field__required" aria-hidden="true">
          *
        </span>
      )}
    </div>
  );
}
