import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { PasswordField } from "../ui/PasswordField";
import { TextField } from "../ui/TextField";
import { useSchemaForm } from "../ui/useSchemaForm";
import { authSchema } from "./lazy-schemas";
import { keyLoginInput } from "./form-input";
import { useIsSubmitting, useMessageTranslator } from "./hooks";
import type { KeyLoginValues } from "./key-login";
import type { CodedFields } from "../../utils/message-codes";

export interface KeyLoginFormProps {
  /** Field errors of the last answer to this form (or of a key login URL's check), with their codes. */
  serverErrors?: CodedFields | null;
  defaultValues?: Partial<KeyLoginValues>;
}

/**
 * "Sign in with app keys" (spec 2.2): public key, private key and module id, each required;
 * a missing or wrong one marks its field invalid with the spec's message.
 */
export function KeyLoginForm({ serverErrors, defaultValues }: KeyLoginFormProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const { formProps } = useSchemaForm({ schema: authSchema("KeyLoginInput"), toInput: keyLoginInput, serverErrors, translate });
  const submitting = useIsSubmitting("keys");
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="keys" />
      <TextField
        name="public_key"
        label={t("fields.publicKey")}
        autoComplete="off"
        spellCheck="false"
        defaultValue={defaultValues?.public_key}
        isRequired
      />
      <PasswordField
        name="private_key"
        label={t("fields.privateKey")}
        autoComplete="off"
        defaultValue={defaultValues?.private_key}
        isRequired
      />
      <TextField
        name="module_id"
        label={t("fields.moduleId")}
        autoComplete="off"
        spellCheck="false"
        defaultValue={defaultValues?.module_id}
        isRequired
      />
      <Button type="submit" fullWidth size="lg" isPending={submitting}>
        {t("keys.submit")}
      </Button>
    </Form>
  );
}
