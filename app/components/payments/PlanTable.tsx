import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { PlanView } from "../../../api/services/payments/schemas";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { Switch } from "../ui/Switch";
import { DeletePlanButton } from "./DeletePlanButton";
import { sayAnswer } from "../../utils/message-codes";
import { PAYMENT_CODE_KEYS, formatPrice } from "./messages";
import { PlanDialog } from "./PlanDialog";

/**
 * The owner's plans (spec 2.6): one row each, with the status and auto-charge switches that
 * change in place (a fetcher posts the one field; the switch shows the new state at once
 * and the row's answer under it if the server refuses), and Edit and Delete. Without card
 * keys a plan sold by bank transfer only (no provider price) still changes; one sold at the
 * provider waits for its key (ADR 0060).
 */
export function PlanTable({ plans, cardKeySet }: { plans: PlanView[]; cardKeySet: boolean }) {
  const { t, i18n } = useTranslation("payments");
  const canChange = (plan: PlanView) => cardKeySet || !plan.priceId;
  const columns: ListColumn<PlanView>[] = [
    { id: "title", header: t("plans.columns.title"), cell: (plan) => <span className="plan-table__title">{plan.title}</span> },
    { id: "price", header: t("plans.columns.price"), labelOnCard: true, className: "shell-table__nowrap", cell: (plan) => formatPrice(plan.price, plan.currency, i18n.language) },
    { id: "interval", header: t("plans.columns.interval"), labelOnCard: true, cell: (plan) => t(`intervals.${plan.interval}`) },
    { id: "description", header: t("plans.columns.description"), labelOnCard: true, cell: (plan) => plan.description },
    { id: "status", header: t("plans.columns.status"), labelOnCard: true, cell: (plan) => <PlanToggle plan={plan} field="status" label={t("plans.statusOf", { title: plan.title })} isDisabled={!canChange(plan)} /> },
    { id: "autoCharge", header: t("plans.columns.autoCharge"), labelOnCard: true, cell: (plan) => <PlanToggle plan={plan} field="auto_charge" label={t("plans.autoChargeOf", { title: plan.title })} isDisabled={!canChange(plan)} /> },
    { id: "priceCode", header: t("plans.columns.priceCode"), labelOnCard: true, cell: (plan) => (plan.priceId ? <code className="plan-table__code">{plan.priceId}</code> : t("plans.notAtProvider")) },
    {
      id: "actions",
      header: t("plans.columns.actions"),
      cell: (plan) => (
        <div className="plan-table__actions">
          {canChange(plan) && <PlanDialog plan={plan} currency={plan.currency} />}
          <DeletePlanButton plan={plan} />
        </div>
      ),
    },
  ];
  return <ListTable columns={columns} rows={plans} rowKey={(plan) => plan.id} caption={t("plans.caption")} className="plan-table" loading={false} emptyText={t("plans.none")} />;
}

function PlanToggle({ plan, field, label, isDisabled }: { plan: PlanView; field: "status" | "auto_charge"; label: string; isDisabled: boolean }) {
  const { t } = useTranslation("payments");
  const fetcher = useFetcher<{ ok?: true; message: string; code?: string }>();
  const pending = fetcher.formData?.get("value");
  const selected = typeof pending === "string" ? pending === "true" : plan[field];
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? sayAnswer(t, PAYMENT_CODE_KEYS, fetcher.data) : null;
  return (
    <div className="plan-table__toggle">
      <Switch
        isSelected={selected}
        isDisabled={isDisabled}
        hideLabel
        onChange={(value) => fetcher.submit({ intent: "toggle", id: String(plan.id), field, value: String(value) }, { method: "post" })}
      >
        {label}
      </Switch>
      {refused && (
        <span role="alert" className="ui-field__error">
          {refused}
        </span>
      )}
    </div>
  );
}
