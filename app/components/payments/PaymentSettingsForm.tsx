import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { CURRENCIES } from "../../../api/services/payments/money";
import type { PaymentSettingsView } from "../../../api/services/payments/schemas";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { Select } from "../ui/Select";
import { TextField } from "../ui/TextField";
import { sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import { Alert } from "../ui/Alert";
import { PAYMENT_CODE_KEYS, currencyLabel } from "./messages";

interface SettingsAnswer {
  ok?: true;
  message: string;
  code?: string;
  intent?: string;
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
}

/**
 * The payment settings (spec 3; decisions "Payment settings"): the currency, the card
 * provider's publishable key and the second provider's public key as they are; the two
 * secrets only as Set / Not set with an empty field that replaces them when filled in
 * (empty keeps the stored one). Secrets never come back to the browser, so a saved form
 * never shows one. A plain form: it also posts without JavaScript.
 */
export function PaymentSettingsForm({ settings, hasPlans, answer }: { settings: PaymentSettingsView; hasPlans: boolean; answer: SettingsAnswer | undefined }) {
  const { t, i18n } = useTranslation("payments");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // A saved form forgets the secrets typed into it (they are never shown again).
  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "settings";
  const currencies = CURRENCIES.map((code) => ({ id: code.toUpperCase(), label: currencyLabel(code, i18n.language) }));
  // The provider's refusal of a new secret key (issue 25, point 4) stays beside Save until the
  // next answer: as a field error it would vanish when the field loses focus, and the button
  // would move from under the pointer that is clicking it.
  const keyRefused = answer && !answer.ok && answer.errorCodes?.STRIPE_SECRET_KEY === "PAYMENT_KEY_REFUSED" ? sayAnswer(t, PAYMENT_CODE_KEYS, { message: answer.message, code: answer.errorCodes.STRIPE_SECRET_KEY }) : null;
  const errors = useMemo(() => {
    if (!answer || answer.ok || answer.intent !== "settings" || !answer.errors) return undefined;
    const fieldErrors = sayFieldErrors(t, PAYMENT_CODE_KEYS, answer);
    if (!keyRefused || !fieldErrors) return fieldErrors;
    const { STRIPE_SECRET_KEY: _shownBesideSave, ...others } = fieldErrors;
    return others;
  }, [answer, keyRefused, t]);
  const state = (isSet: boolean) => (
    <span className={`shell-badge ${isSet ? "shell-badge--success" : "shell-badge--warning"}`}>{isSet ? t("settings.isSet") : t("settings.notSet")}</span>
  );

  return (
    <Form ref={formRef} validationErrors={errors} className="admin-settings payment-settings" aria-labelledby="payment-settings-heading">
      <input type="hidden" name="intent" value="settings" />
      <Select
        name="CURRENCY"
        label={t("settings.currency")}
        options={currencies}
        defaultSelectedKey={settings.CURRENCY}
        isDisabled={hasPlans}
        description={hasPlans ? t("settings.currencyLocked") : undefined}
      />
      {hasPlans && <input type="hidden" name="CURRENCY" value={settings.CURRENCY} />}
      <fieldset className="admin-settings__group">
        <legend className="admin-settings__legend">{t("settings.cardProvider")}</legend>
        <TextField name="STRIPE_PUBLISHABLE_KEY" label={t("settings.publishableKey")} defaultValue={settings.STRIPE_PUBLISHABLE_KEY} autoComplete="off" spellCheck="false" />
        <p className="payment-settings__secret">
          {t("settings.secretKey")}: {state(settings.STRIPE_SECRET_KEY_SET)}
        </p>
        <TextField
          name="STRIPE_SECRET_KEY"
          type="password"
          label={settings.STRIPE_SECRET_KEY_SET ? t("settings.replaceSecret") : t("settings.enterSecret")}
          description={t("settings.secretHelp")}
          autoComplete="new-password"
          spellCheck="false"
        />
      </fieldset>
      <fieldset className="admin-settings__group">
        <legend className="admin-settings__legend">{t("settings.secondProvider")}</legend>
        <TextField name="SECOND_PROVIDER_PUBLIC_KEY" label={t("settings.publicKey")} defaultValue={settings.SECOND_PROVIDER_PUBLIC_KEY} autoComplete="off" spellCheck="false" />
        <p className="payment-settings__secret">
          {t("settings.privateKey")}: {state(settings.SECOND_PROVIDER_PRIVATE_KEY_SET)}
        </p>
        <TextField
          name="SECOND_PROVIDER_PRIVATE_KEY"
          type="password"
          label={settings.SECOND_PROVIDER_PRIVATE_KEY_SET ? t("settings.replacePrivate") : t("settings.enterPrivate")}
          description={t("settings.secretHelp")}
          autoComplete="new-password"
          spellCheck="false"
        />
      </fieldset>
      {keyRefused && (
        <Alert variant="danger" autoHideMs={null} resetKey={answer}>
          {keyRefused}
        </Alert>
      )}
      <div className="admin-settings__actions">
        <Button type="submit" isPending={saving}>
          {t("settings.save")}
        </Button>
      </div>
    </Form>
  );
}
