import { createContext, type FormEvent, useContext, useState } from "react";

export type ValidationErrors = Record<string, string | string[]>;

interface FormErrors {
  /** The message to show under the field `name` now, if any. */
  errorOf: (name: string) => string | undefined;
  /** The user changed these fields: their messages go (for controls that fire no input event). */
  clear: (...names: string[]) => void;
}

const FormErrorsContext = createContext<FormErrors>({ errorOf: () => undefined, clear: () => {} });
export const FormErrorsProvider = FormErrorsContext.Provider;

const firstOf = (message: string | string[] | undefined) => (Array.isArray(message) ? message[0] : message);

/**
 * A form's errors by field name (the action's answer, or a client check), each shown until the
 * user edits that field, never cleared by leaving it; a new errors object shows its whole set.
 *
 * Why not react-aria's own `Form validationErrors`: react-aria clears a field's server error
 * when the field commits, i.e. on the native change event, which fires when the field loses
 * focus - that is, on the mousedown of a press on the submit button. The error line goes, the
 * form shrinks, the button moves up before mouseup and the click misses it (issue 29 point 1).
 * Clearing on input instead moves the layout while the user types, never during the click.
 */
export function useFormErrorsState(errors: ValidationErrors | undefined): FormErrors & { clearOnInput: (event: FormEvent<HTMLFormElement>) => void } {
  const [edited, setEdited] = useState<{ of: typeof errors; names: ReadonlySet<string> }>({ of: errors, names: new Set() });
  // A new errors object (a new answer) starts with nothing edited ("adjust state while rendering").
  const names = edited.of === errors ? edited.names : new Set<string>();
  if (edited.of !== errors) setEdited({ of: errors, names });

  const errorOf = (name: string) => (names.has(name) ? undefined : firstOf(errors?.[name]));
  // From the state as it stands, not this render's: two clears in one event both count.
  const clear = (...fields: string[]) =>
    setEdited((now) => {
      const cleared = now.of === errors ? now.names : new Set<string>();
      const fresh = fields.filter((name) => errors?.[name] !== undefined && !cleared.has(name));
      return fresh.length > 0 ? { of: errors, names: new Set([...cleared, ...fresh]) } : now;
    });
  const clearOnInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === "string" && name) clear(name);
  };
  return { errorOf, clear, clearOnInput };
}

/**
 * For a react-aria field inside `Form`: `isInvalid` and `errorMessage` from the form's errors for
 * `name`, unless the field says its own (its props win). Spread the result onto the field and
 * render `errorMessage` in its `FieldError`.
 */
export function useFormFieldError<M = string>(name: string | undefined, own: { isInvalid?: boolean; errorMessage?: M }): { isInvalid?: boolean; errorMessage?: M | string } {
  const { errorOf } = useContext(FormErrorsContext);
  const message = name ? errorOf(name) : undefined;
  return {
    isInvalid: own.isInvalid ?? (message !== undefined ? true : undefined),
    errorMessage: own.errorMessage ?? message,
  };
}

/** Clears the form's error for `name` (react-aria Select changes fire no input event on the form). */
export function useClearFormError(): FormErrors["clear"] {
  return useContext(FormErrorsContext).clear;
}

/**
 * The enclosing `Form`'s errors as they stand, for a part that shows the errors of many names at
 * once (the question editor's options and answer key, keyed by their path in the body) where one
 * `useFormFieldError` per field would be a hook in a loop. The same state, not a second one.
 */
export function useFormErrors(): FormErrors {
  return useContext(FormErrorsContext);
}
