import { type FormEvent, useState } from "react";

/**
 * A form's server errors (field name → message, already translated), shown on each field
 * until the user edits that field, then gone; a new answer brings a new set.
 *
 * Why not the Form's `validationErrors`: react-aria clears those when a field loses focus,
 * which is the press on the submit button; the form then shrinks under the pointer and
 * the click misses the button. Clearing on input instead moves the layout while the user
 * types, never during the click. Put `clearOnInput` on the form: input events bubble up
 * from every field with its `name`.
 *
 *   const { errorOf, fieldErrorProps, clearOnInput } = useServerErrors(translatedErrors);
 *   <Form onInput={clearOnInput}><TextField name="course" {...fieldErrorProps("course")} /></Form>
 */
export function useServerErrors(errors: Record<string, string> | undefined) {
  const [edited, setEdited] = useState<{ of: typeof errors; names: ReadonlySet<string> }>({ of: errors, names: new Set() });
  // A new set of errors (a new answer) starts with nothing edited.
  const names = edited.of === errors ? edited.names : new Set<string>();
  if (edited.of !== errors) setEdited({ of: errors, names });

  const errorOf = (name: string): string | undefined => (names.has(name) ? undefined : errors?.[name]);
  const fieldErrorProps = (name: string) => {
    const message = errorOf(name);
    return message ? { isInvalid: true, errorMessage: message } : {};
  };
  /** For fields whose change fires no input event on the form (react-aria Select). */
  const clear = (...fields: string[]) => {
    const fresh = fields.filter((name) => errors?.[name] && !names.has(name));
    if (fresh.length > 0) setEdited({ of: errors, names: new Set([...names, ...fresh]) });
  };
  const clearOnInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === "string") clear(name);
  };
  return { errorOf, fieldErrorProps, clearOnInput, clear };
}
