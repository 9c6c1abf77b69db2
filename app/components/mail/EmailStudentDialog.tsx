import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { EmailRecipient } from "../../../api/services/mail/email-recipient";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Form } from "../ui/Form";
import { TextField } from "../ui/TextField";
import { MessageField } from "./MessageField";
import { isEmptyMessage, translateEmailErrors, translateEmailMessage } from "./messages";

export interface EmailFailure {
  message: string;
  code?: string;
  retryAfterSeconds?: number;
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
  values?: Record<string, string>;
}

interface Props {
  recipient: EmailRecipient;
  failure: EmailFailure | undefined;
  onClose: () => void;
  /** What shows under the dialog: the quiz's stats, or nothing where the board route renders itself behind. */
  behind: ReactNode;
}

/**
 * Spec 2.5, 2.7, 5: e-mail a student. Name and e-mail are read-only (from the attempt), the
 * subject 2–50 characters, the body the explanation's rich-text editor. An empty body shows
 * an alert for 4 s (spec 9) and nothing is sent; the server checks again (without JavaScript,
 * and for every other client).
 */
export function EmailStudentDialog({ recipient, failure, onClose, behind }: Props) {
  const { t } = useTranslation(["mail", "common"]);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [message, setMessage] = useState(failure?.values?.message ?? "");
  const [emptyTries, setEmptyTries] = useState(0);
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  const errors = useMemo(() => translateEmailErrors(t, failure), [t, failure]);
  const general = failure && !failure.errors ? translateEmailMessage(translate, failure) : null;

  const checkMessage = (event: FormEvent<HTMLFormElement>) => {
    if (!isEmptyMessage(message)) return;
    event.preventDefault();
    setEmptyTries((tries) => tries + 1);
  };

  return (
    <>
      {behind}
      <Dialog title={t("mail:title")} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
        <p className="mail-dialog__lead">{recipient.quizId === -1 ? t("mail:leadBoard") : t("mail:leadStats", { quiz: recipient.quizName })}</p>
        {general && (
          <Alert variant="danger" resetKey={failure} autoHideMs={null}>
            {general}
          </Alert>
        )}
        {emptyTries > 0 && (
          // Spec 5: the alert shows for 4 seconds (Alert's default); a new try shows it again.
          <Alert variant="warning" resetKey={emptyTries}>
            {t("mail:errors.messageRequired")}
          </Alert>
        )}
        <Form className="mail-dialog__form" validationErrors={errors} onSubmit={checkMessage}>
          <div className="mail-dialog__who">
            <TextField name="studentName" label={t("mail:studentName")} value={recipient.studentName} isReadOnly />
            <TextField name="studentEmail" label={t("mail:studentEmail")} value={recipient.studentEmail} isReadOnly />
          </div>
          <TextField
            name="subject"
            label={t("mail:subject")}
            defaultValue={failure?.values?.subject ?? ""}
            maxLength={50}
            autoFocus
            showRequired
          />
          <MessageField initial={failure?.values?.message ?? ""} onChange={setMessage} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={onClose}>
              {t("mail:cancel")}
            </Button>
            <Button type="submit" variant="primary" isPending={sending}>
              {t("mail:send")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
