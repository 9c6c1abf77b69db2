import { useMemo } from "react";
import { useMessageTranslator } from "../auth/hooks";
import { fieldAnswer } from "../../utils/message-codes";
import type { ValidationErrors } from "../ui/Form";
import type { SecurityAnswer } from "./security-action.server";

/**
 * Field errors of a failed Security answer, in the user's language, for the panel's `Form`
 * `validationErrors` (its fields show them until edited: components/ui/form-errors.ts).
 */
export function useFieldErrors(answer: SecurityAnswer | null): ValidationErrors | undefined {
  const translate = useMessageTranslator();
  return useMemo(() => {
    if (!answer || answer.ok || !answer.errors) return undefined;
    return Object.fromEntries(Object.keys(answer.errors).map((name) => [name, translate(fieldAnswer(answer, name))]));
  }, [answer, translate]);
}
