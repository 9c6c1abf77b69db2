import type { InputEvent, ReactNode, Ref } from "react";
import { Form as AriaForm } from "react-aria-components";
import { Form as RouterForm, type FormProps as RouterFormProps } from "react-router";
import { FormErrorsProvider, useFormErrorsState, type ValidationErrors } from "./form-errors";

export type { ValidationErrors } from "./form-errors";

export interface FormProps extends Omit<RouterFormProps, "children" | "className"> {
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLFormElement>;
  /**
   * Errors by field `name` (from the action or from client-side checks). Each field of
   * components/ui shows its own under the input and marks itself invalid; a field's error
   * clears when the user types in it (not when it loses focus: see form-errors.ts) and comes
   * back when a new errors object arrives. Pass a memoised object (see `useSchemaForm`): a
   * new object on every render re-shows errors.
   */
  validationErrors?: ValidationErrors;
  /**
   * "aria" (default): the browser never blocks submission; errors are shown by the fields
   * and checked on the server (works without JavaScript). "native": the browser's own
   * constraint validation runs first.
   */
  validationBehavior?: "aria" | "native";
}

/**
 * A React Router `<Form>` (POST by default, so it works without JavaScript and is enhanced
 * with client-side navigation when hydrated) that also provides react-aria's form context,
 * so `validationErrors` reach every field inside it.
 */
/** react-aria's own errors stay empty (ours go through FormErrorsProvider): one object, so its fields see no change on each render. */
const NO_ARIA_ERRORS = {};

export function Form({ ref, validationErrors, validationBehavior = "aria", className, children, method = "post", onInput, ...routerProps }: FormProps) {
  // The errors go to the fields through our context, not react-aria's (form-errors.ts says why).
  const { errorOf, clear, clearOnInput } = useFormErrorsState(validationErrors);
  const input = (event: InputEvent<HTMLFormElement>) => {
    clearOnInput(event);
    onInput?.(event);
  };
  return (
    <FormErrorsProvider value={{ errorOf, clear }}>
      <AriaForm
        ref={ref}
        validationBehavior={validationBehavior}
        validationErrors={NO_ARIA_ERRORS}
        className={["ui-form", className].filter(Boolean).join(" ")}
        render={(domProps) => <RouterForm {...(domProps as object)} {...routerProps} onInput={input} method={method} />}
      >
        {children}
      </AriaForm>
    </FormErrorsProvider>
  );
}
