import type { CodedAnswer } from "../../utils/message-codes";
import { Alert } from "../ui/Alert";
import { useMessageTranslator } from "./hooks";

interface FailureAlertProps {
  /** What the screen's action answered, if it failed. */
  failure: (CodedAnswer & { errors?: Record<string, string> }) | null | undefined;
  /** Field errors that have no field on this screen and so belong in the alert (e.g. "token"). */
  unshownFields?: string[];
  /** More to say after the message (e.g. a link to request a new reset e-mail). */
  children?: React.ReactNode;
}

/**
 * The danger alert above an auth form (spec 2.2): the server's message, translated. When
 * the failure names fields shown on the form, the messages stand under those fields instead.
 */
export function FailureAlert({ failure, unshownFields = [], children }: FailureAlertProps) {
  const translate = useMessageTranslator();
  if (!failure) return null;
  const shownFieldErrors = Object.keys(failure.errors ?? {}).filter((name) => !unshownFields.includes(name));
  if (shownFieldErrors.length > 0) return null;
  return (
    <Alert variant="danger" resetKey={failure}>
      {translate(failure)}
      {children && <> {children}</>}
    </Alert>
  );
}
