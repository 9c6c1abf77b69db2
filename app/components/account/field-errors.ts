import { useMemo } from "react";
import { useMessageTranslator } from "../auth/hooks";
import { fieldAnswer } from "../../utils/message-codes";
import { useServerErrors } from "../ui/use-server-errors";
import type { SecurityAnswer } from "./security-action.server";

/**
 * Field errors of a failed Security answer, in the user's language, as props of each field
 * (see useServerErrors: shown until the field is edited, never cleared by the submit click).
 */
export function useFieldErrors(answer: SecurityAnswer | null) {
  const translate = useMessageTranslator();
  const errors = useMemo(() => {
    if (!answer || answer.ok || !answer.errors) return undefined;
    return Object.fromEntries(Object.keys(answer.errors).map((name) => [name, translate(fieldAnswer(answer, name))]));
  }, [answer, translate]);
  const { fieldErrorProps, clearOnInput } = useServerErrors(errors);
  return { errorOf: fieldErrorProps, clearOnInput };
}
