import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/TextField";
import { fieldError } from "./field-error";

/**
 * The quiz's pass mark in the settings step (issue 27 point 4, ADR 0076): a percentage from 0
 * to 100, empty for none. Text as typed: the server checks it and says what is wrong.
 */
export function PassMarkField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation("quizzes");
  return (
    <TextField
      label={t("passMark.label")}
      name="passPercentage"
      inputMode="decimal"
      value={value}
      onChange={onChange}
      description={t("passMark.hint")}
      maxLength={6}
      {...fieldError(error)}
    />
  );
}
