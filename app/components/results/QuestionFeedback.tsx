import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import type { CodedAnswer } from "../../utils/message-codes";
import { translateResultMessage } from "./messages";

/** Spec 7 sendQuestionFeedback from a result: a short note to the teachers about one question ('Feedback submitted'). */
export function QuestionFeedback({ questionId, number }: { questionId: number; number: number }) {
  const { t } = useTranslation("results");
  const fetcher = useFetcher<{ message?: string; code?: string; params?: CodedAnswer["params"]; feedbackId?: number }>();
  const [open, setOpen] = useState(false);
  // Empty feedback is refused here, in the app's own words under the field, not in the browser's bubble (issue 25 point 6).
  const [empty, setEmpty] = useState(false);
  const sent = Boolean(fetcher.data?.feedbackId);
  const id = `feedback-${questionId}`;
  if (!open && !sent) {
    return (
      <Button size="sm" variant="secondary" onPress={() => setOpen(true)} aria-label={t("feedback.openFor", { number })}>
        {t("feedback.open")}
      </Button>
    );
  }
  if (sent) return <Alert variant="success">{t("feedback.sent")}</Alert>;
  return (
    <fetcher.Form
      method="post"
      className="result-feedback"
      noValidate
      onSubmit={(event) => {
        const field = event.currentTarget.elements.namedItem("feedbackText");
        const blank = !(field instanceof HTMLTextAreaElement) || field.value.trim() === "";
        setEmpty(blank);
        if (blank) {
          event.preventDefault();
          if (field instanceof HTMLTextAreaElement) field.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="feedback" />
      <input type="hidden" name="questionId" value={questionId} />
      <label htmlFor={id} className="ui-field__label">
        {t("feedback.label", { number })}
      </label>
      <textarea
        id={id}
        name="feedbackText"
        className="ui-input result-feedback__text"
        rows={3}
        maxLength={2000}
        required
        aria-invalid={empty || undefined}
        aria-describedby={empty ? `${id}-error` : undefined}
        onChange={() => empty && setEmpty(false)}
      />
      {empty && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {t("feedback.required")}
        </p>
      )}
      {fetcher.data?.message && !sent && (
        <Alert variant="danger" resetKey={fetcher.data}>
          {translateResultMessage((key, values) => t(key, values ?? {}), { message: fetcher.data.message, code: fetcher.data.code, params: fetcher.data.params })}
        </Alert>
      )}
      <div className="result-feedback__actions">
        <Button size="sm" variant="secondary" onPress={() => setOpen(false)}>
          {t("feedback.cancel")}
        </Button>
        <Button size="sm" type="submit" variant="primary" isDisabled={fetcher.state !== "idle"}>
          {t("feedback.send")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
