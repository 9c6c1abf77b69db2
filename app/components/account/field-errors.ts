import { useMemo } from "react";
import { useMessageTranslator } from "../auth/hooks";
import type { SecurityAnswer } from "./security-action.server";

/**
 * Field errors of a failed answer, in the user's language, as props of each field. Not the
 * form's `validationErrors`: react-aria clears those when the field loses focus, which is
 * the press on the submit button, and the form then jumps up under the pointer so that the
 * click misses the button. Here a message stays until the next answer.
 */
export function useFieldErrors(answer: SecurityAnswer | null) {
  const translate = useMessageTranslator();
  return useMemo(() => {
    const errors = !answer || answer.ok ? {} : (answer.errors ?? {});
    return (name: string) => (errors[name] ? { isInvalid: true, errorMessage: translate(errors[name]) } : {});
  }, [answer, translate]);
}
