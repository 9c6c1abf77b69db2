import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Form } from "../ui/Form";
import { TextField } from "../ui/TextField";
import { translateBankErrors, translateBankMessage } from "./messages";

interface Props {
  /** Preselected category (opened from a category's bank): shown, fixed, and still submitted. */
  fixedCategory: string | null;
  failure: { message: string; code?: string; errors?: Record<string, string>; errorCodes?: Record<string, string>; values?: Record<string, string> } | undefined;
  onClose: () => void;
}

/** Spec 4 and 8: create a category with a course, or add a course to a category. */
export function NewCategoryCourseDialog({ fixedCategory, failure, onClose }: Props) {
  const { t } = useTranslation("bank");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const translate = (key: string) => t(key);
  const errors = useMemo(() => translateBankErrors((key) => t(key), failure), [t, failure]);
  // A refusal that is not about one field (e.g. the course exists) shows above the form.
  const general = failure && !failure.errors ? translateBankMessage(translate, failure) : null;

  return (
    <Dialog title={t("dialogTitle")} isOpen onOpenChange={(open) => !open && onClose()} size="sm">
      <p className="bank-dialog__lead">{t("dialogLead")}</p>
      {general && (
        <Alert variant="danger" resetKey={failure} autoHideMs={null}>
          {general}
        </Alert>
      )}
      {/* Each field shows its error until it is edited (components/ui/form-errors.ts says why). */}
      <Form className="bank-dialog__form" validationErrors={errors}>
        {/* A fixed category is disabled, so not submitted: the hidden input sends it. The field keeps
            its name so that an error about the category still shows under it. */}
        {fixedCategory !== null && <input type="hidden" name="category" value={fixedCategory} />}
        <TextField
          name="category"
          label={t("category")}
          description={t("categoryHint")}
          defaultValue={fixedCategory ?? failure?.values?.category ?? ""}
          isDisabled={fixedCategory !== null}
          maxLength={50}
          autoFocus={fixedCategory === null}
          showRequired
        />
        <TextField
          name="course"
          label={t("course")}
          description={t("courseHint")}
          defaultValue={failure?.values?.course ?? ""}
          maxLength={50}
          autoFocus={fixedCategory !== null}
          showRequired
        />
        <div className="shell-dialog-actions">
          <Button variant="secondary" onPress={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="primary" isPending={saving}>
            {t("save")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
