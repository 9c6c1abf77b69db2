import { useEffect, useMemo, useRef, useState } from "react";
import { FieldError, TextArea, TextField as AriaTextField, Text } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useActionData, useNavigation } from "react-router";
import type { PlanView } from "../../../api/services/payments/schemas";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { FieldLabel } from "../ui/FieldLabel";
import { Form } from "../ui/Form";
import { useFormFieldError } from "../ui/form-errors";
import { Select } from "../ui/Select";
import { TextField } from "../ui/TextField";
import { sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import { PAYMENT_CODE_KEYS, PLAN_INTERVAL_CHOICES } from "./messages";

interface PlanAnswer {
  ok?: true;
  message: string;
  code?: string;
  intent?: string;
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
}

/**
 * Create (no `plan`) or edit a plan in a dialog (spec 5's subscription form). The page's
 * action checks it with the API's rules; the field errors come back in the user's language
 * and the dialog stays open until the plan is saved.
 */
export function PlanDialog({ plan, currency }: { plan?: PlanView; currency: string }) {
  const { t } = useTranslation("payments");
  const navigation = useNavigation();
  const answer = useActionData() as PlanAnswer | undefined;
  const intent = plan ? `update-${plan.id}` : "create";
  const [open, setOpen] = useState(false);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === (plan ? "update" : "create") && navigation.formData?.get("id") === (plan ? String(plan.id) : null);
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving && answer?.ok) setOpen(false);
    wasSaving.current = saving;
  }, [saving, answer]);
  const errors = useMemo(() => {
    if (!answer || answer.ok || answer.intent !== intent || !answer.errors) return undefined;
    return sayFieldErrors(t, PAYMENT_CODE_KEYS, answer);
  }, [answer, intent, t]);
  const refused = answer && !answer.ok && answer.intent === intent && !answer.errors ? sayAnswer(t, PAYMENT_CODE_KEYS, answer) : null;
  const intervals = PLAN_INTERVAL_CHOICES.map((interval) => ({ id: interval, label: t(`intervals.${interval}`) }));

  return (
    <>
      {plan ? (
        <Button variant="secondary" size="sm" aria-label={t("plans.editOf", { title: plan.title })} onPress={() => setOpen(true)}>
          {t("plans.edit")}
        </Button>
      ) : (
        <Button variant="primary" onPress={() => setOpen(true)}>
          {t("plans.create")}
        </Button>
      )}
      <Dialog title={plan ? t("form.editTitle") : t("form.createTitle")} isOpen={open} onOpenChange={setOpen}>
        <Form validationErrors={errors} className="plan-form">
          <input type="hidden" name="intent" value={plan ? "update" : "create"} />
          {plan && <input type="hidden" name="id" value={plan.id} />}
          {refused && (
            <p role="alert" className="ui-field__error">
              {refused}
            </p>
          )}
          <TextField name="title" label={t("form.title")} defaultValue={plan?.title} isRequired autoFocus />
          <TextField
            name="price"
            label={t("form.price", { currency })}
            description={plan ? t("form.priceHelp") : undefined}
            defaultValue={plan ? String(plan.price) : undefined}
            inputMode="decimal"
            isRequired
          />
          <Select name="interval" label={t("form.interval")} options={intervals} defaultSelectedKey={plan?.interval ?? "month"} isRequired />
          <DescriptionField defaultValue={plan?.description} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" isPending={saving}>
              {t("form.save")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

/** The plan's description: a text area (no TextField in components/ui draws one), with the form's error for it. */
function DescriptionField({ defaultValue }: { defaultValue?: string }) {
  const { t } = useTranslation("payments");
  const { isInvalid, errorMessage } = useFormFieldError("description", {});
  return (
    <AriaTextField name="description" defaultValue={defaultValue} isInvalid={isInvalid} className="ui-field">
      <FieldLabel>{t("form.description")}</FieldLabel>
      <TextArea className="ui-input plan-form__description" rows={3} />
      <Text slot="description" className="ui-field__description">
        {t("form.descriptionHelp")}
      </Text>
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
