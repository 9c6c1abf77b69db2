import { lazy, Suspense, useEffect, useState } from "react";
import { useClearFormError, useFormFieldError } from "../ui/form-errors";
import { FieldMessage } from "./NativeField";

// Tiptap touches the DOM when it starts: it is loaded in the browser only, after hydration.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

export interface RichTextFieldProps {
  /** The editable element's id; the hint and error ids derive from it. */
  id: string;
  /** The form field the HTML is submitted as. */
  name: string;
  label: string;
  hint: string;
  initial: string;
  rows?: number;
  /** Told every change, e.g. so a form can refuse an empty body before sending. */
  onChange?: (html: string) => void;
}

/**
 * A required rich-text field (the answer explanation, an e-mail's body): the Tiptap editor in
 * the browser, a plain textarea on the server and without JavaScript. Both submit `name`; the
 * server's sanitiser (api/services/questions/sanitise-explanation.ts) decides what survives.
 * Its error is the enclosing Form's for `name`; an edit clears it (the rich editor's typing fires
 * no input event with a name on the form, so the field clears it itself).
 */
export function RichTextField({ id, name, label, hint, initial, rows = 6, onChange }: RichTextFieldProps) {
  const [html, setHtml] = useState(initial);
  const [rich, setRich] = useState(false);
  useEffect(() => setRich(true), []);
  const error = useFormFieldError(name, {}).errorMessage;
  const clearFormError = useClearFormError();
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  const change = (next: string) => {
    clearFormError(name);
    setHtml(next);
    onChange?.(next);
  };

  const fallback = (
    <textarea
      id={id}
      name={name}
      className="ui-input editor-explanation__plain"
      rows={rows}
      value={html}
      onChange={(event) => change(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    />
  );

  return (
    <div className="ui-field editor-explanation" data-invalid={error ? true : undefined}>
      <label className="ui-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        <span className="ui-field__required" aria-hidden="true">
          {" "}*
        </span>
      </label>
      {rich ? (
        <Suspense fallback={fallback}>
          <input type="hidden" name={name} value={html} />
          <RichTextEditor id={id} initial={initial} onChange={change} labelledBy={`${id}-label`} describedBy={describedBy} invalid={Boolean(error)} />
        </Suspense>
      ) : (
        fallback
      )}
      <p id={`${id}-hint`} className="ui-field__description">
        {hint}
      </p>
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
    </div>
  );
}
