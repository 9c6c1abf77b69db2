import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useNavigation } from "react-router";
import type { OfflineRequestView } from "../../../api/services/payments/offline-schemas";
import { useDates } from "../layout/use-dates";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Form } from "../ui/Form";
import { TextField } from "../ui/TextField";
import { formatPrice } from "./messages";
import { afterOneInterval, offlineMessageKey, offlineReference } from "./offline-ui";
import { zonedDayReader } from "../../../api/services/core/dates";

interface OfflineAnswer {
  ok?: true;
  message: string;
  code?: string;
  intent?: string;
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
}

/**
 * The owner's pending offline payments (ADR 0045) on the Payment Settings page: who asked
 * for which plan, and Mark paid (a period, which opens premium until its end) or Refuse.
 * Both post to the page's action, which calls the same services as the API.
 */
export function OfflineRequests({ requests }: { requests: OfflineRequestView[] }) {
  const { t, i18n } = useTranslation("offline");
  const dates = useDates();
  const columns: ListColumn<OfflineRequestView>[] = [
    {
      id: "student",
      header: t("owner.columns.student"),
      cell: (request) => (
        <span className="offline-table__student">
          <span className="offline-table__name">{request.studentName}</span>
          <span className="offline-table__email">{request.studentEmail}</span>
        </span>
      ),
    },
    { id: "plan", header: t("owner.columns.plan"), labelOnCard: true, cell: (request) => request.planTitle },
    { id: "price", header: t("owner.columns.price"), labelOnCard: true, className: "shell-table__nowrap", cell: (request) => formatPrice(request.price, request.currency, i18n.language) },
    { id: "reference", header: t("owner.columns.reference"), labelOnCard: true, className: "shell-table__nowrap", cell: (request) => <code>{offlineReference(request.id)}</code> },
    { id: "askedOn", header: t("owner.columns.askedOn"), labelOnCard: true, className: "shell-table__nowrap", cell: (request) => dates.date(request.createdAt) },
    {
      id: "actions",
      header: t("owner.columns.actions"),
      cell: (request) => (
        <div className="plan-table__actions">
          <MarkPaidDialog request={request} />
          <RefuseButton request={request} />
        </div>
      ),
    },
  ];
  return <ListTable columns={columns} rows={requests} rowKey={(request) => request.id} caption={t("owner.caption")} className="offline-table" loading={false} emptyText={t("owner.none")} />;
}

/** The dialog closes once its form's answer is a success; a refusal stays in it. */
function useDialogAnswer(intent: string, id: number) {
  const { t } = useTranslation("offline");
  const navigation = useNavigation();
  const answer = useActionData() as OfflineAnswer | undefined;
  const [open, setOpen] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === String(id);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && answer?.ok) setOpen(false);
    wasBusy.current = busy;
  }, [busy, answer]);
  const mine = answer && !answer.ok && answer.intent === `${intent}-${id}` ? answer : undefined;
  const say = useCallback(
    (a: { message: string; code?: string }) => {
      const key = offlineMessageKey(a);
      return key ? t(key) : a.message;
    },
    [t],
  );
  return { open, setOpen, busy, refused: mine && !mine.errors ? say(mine) : null, errors: mine?.errors, errorCodes: mine?.errorCodes, say };
}

function MarkPaidDialog({ request }: { request: OfflineRequestView }) {
  const { t, i18n } = useTranslation("offline");
  const { open, setOpen, busy, refused, errors: rawErrors, errorCodes, say } = useDialogAnswer("markPaid", request.id);
  // Each field's error by its code (errorCodes), as the rest of the page.
  const errors = useMemo(() => (rawErrors ? Object.fromEntries(Object.entries(rawErrors).map(([field, message]) => [field, say({ message, code: errorCodes?.[field] })])) : undefined), [rawErrors, errorCodes, say]);
  // Today on the school's clock: the days typed here start at the school's midnight (ADR 0082).
  const dates = useDates();
  const start = zonedDayReader(dates.timeZone)(Date.now());
  const names = { name: request.studentName, plan: request.planTitle };
  return (
    <>
      <Button variant="primary" size="sm" aria-label={t("owner.markPaidOf", names)} onPress={() => setOpen(true)}>
        {t("owner.markPaid")}
      </Button>
      <Dialog title={t("owner.dialogTitle")} isOpen={open} onOpenChange={setOpen}>
        <Form validationErrors={errors} className="offline-form">
          <input type="hidden" name="intent" value="markPaid" />
          <input type="hidden" name="id" value={request.id} />
          <p>{t("owner.dialogBody", { ...names, price: formatPrice(request.price, request.currency, i18n.language) })}</p>
          {refused && (
            <p role="alert" className="ui-field__error">
              {refused}
            </p>
          )}
          <TextField type="date" name="periodStart" label={t("owner.periodStart")} defaultValue={start} isRequired />
          <TextField type="date" name="periodEnd" label={t("owner.periodEnd")} description={t("owner.periodHelp", { zone: dates.zone() })} defaultValue={afterOneInterval(start, request.interval)} isRequired />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("owner.cancel")}
            </Button>
            <Button type="submit" isPending={busy}>
              {t("owner.confirm")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

function RefuseButton({ request }: { request: OfflineRequestView }) {
  const { t } = useTranslation("offline");
  const { open, setOpen, busy, refused } = useDialogAnswer("refuse", request.id);
  const names = { name: request.studentName, plan: request.planTitle };
  return (
    <>
      <Button variant="danger" size="sm" aria-label={t("owner.refuseOf", names)} onPress={() => setOpen(true)}>
        {t("owner.refuse")}
      </Button>
      <Dialog title={t("owner.refuseTitle")} role="alertdialog" size="sm" isOpen={open} onOpenChange={setOpen}>
        <Form>
          <p>{t("owner.refuseBody", names)}</p>
          {refused && (
            <p role="alert" className="ui-field__error">
              {refused}
            </p>
          )}
          <input type="hidden" name="intent" value="refuse" />
          <input type="hidden" name="id" value={request.id} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("owner.cancel")}
            </Button>
            <Button type="submit" variant="danger" isPending={busy}>
              {t("owner.refuseConfirm")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
