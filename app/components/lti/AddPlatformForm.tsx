import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { TextField } from "../ui/TextField";
import { type CodedFields, sayFieldErrors } from "../../utils/message-codes";
import { LTI_CODE_KEYS } from "./messages";

const FIELDS = ["name", "issuer", "clientId", "deploymentIds", "authLoginUrl", "authTokenUrl", "keySetUrl", "authTokenAudience"] as const;

/** Issue 29 point 1: a platform added by hand, with the values the LMS's tool page shows; refusals by field, in the reader's language. */
export function AddPlatformForm({ failed }: { failed?: CodedFields & { values?: Record<string, string> } }) {
  const { t } = useTranslation("lti");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  // One object per answer: a new one shows every field's error again (ui/form-errors.ts).
  const errors = useMemo(() => (failed ? sayFieldErrors(t, LTI_CODE_KEYS, failed) : undefined), [failed, t]);
  return (
    <Form validationErrors={errors} className="lti-add-form">
      <input type="hidden" name="intent" value="add" />
      {FIELDS.map((name) => (
        <TextField
          key={name}
          name={name}
          label={t(`platforms.add.${name}`)}
          description={name === "name" ? t("platforms.add.nameHint") : name === "deploymentIds" ? t("platforms.add.deploymentIdsHint") : undefined}
          defaultValue={failed?.values?.[name] ?? ""}
          type={name.endsWith("Url") || name === "issuer" ? "url" : "text"}
          showRequired={name !== "authTokenAudience"}
        />
      ))}
      <Button type="submit" variant="primary" isPending={busy}>
        {t("platforms.add.submit")}
      </Button>
    </Form>
  );
}
