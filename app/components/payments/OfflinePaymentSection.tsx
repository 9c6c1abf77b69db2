import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { OfflineRequestView } from "../../../api/services/payments/offline-schemas";
import { useRouteMessages } from "../../i18n/route-messages";
import { formatDate, UTC } from "../../../api/services/core/dates";
import { useDates } from "../layout/use-dates";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { formatPrice } from "./messages";
import type { OfflinePaymentData } from "./offline-payment.server";
import { offlineMessageKey, offlineReference } from "./offline-ui";

const STATUS_BADGE = { Pending: "shell-badge--warning", Paid: "shell-badge--success", Refused: "shell-badge--danger" } as const;

/**
 * The student's "Pay by bank transfer" (issue 17 point 5, ADR 0045): a button per plan on
 * offer, the transfer instructions with the business's name, and the student's own
 * requests with their status. Its data comes from loadOfflinePayment in the page's loader;
 * its form posts to /student/subscription/offline, after which the page's loader reloads.
 */
export function OfflinePaymentSection({ data }: { data: OfflinePaymentData }) {
  useRouteMessages(data.messages);
  const { t, i18n } = useTranslation("offline");
  const dates = useDates();
  const fetcher = useFetcher<{ ok?: true; message: string; code?: string }>();
  const business = data.businessName;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const answerKey = answer ? offlineMessageKey(answer) : null;
  const asking = fetcher.state !== "idle" ? fetcher.formData?.get("planId") : null;

  const columns: ListColumn<OfflineRequestView>[] = [
    { id: "plan", header: t("student.columns.plan"), cell: (request) => <span className="plan-table__title">{request.planTitle}</span> },
    { id: "price", header: t("student.columns.price"), labelOnCard: true, className: "shell-table__nowrap", cell: (request) => formatPrice(request.price, request.currency, i18n.language) },
    { id: "reference", header: t("student.columns.reference"), labelOnCard: true, className: "shell-table__nowrap", cell: (request) => <code>{offlineReference(request.id)}</code> },
    // Issue 27 point 6: when the student asked, on the school's clock and, abroad, their own (ADR 0082).
    { id: "askedOn", header: t("student.columns.askedOn"), labelOnCard: true, cell: (request) => dates.forReader(request.createdAt) },
    { id: "status", header: t("student.columns.status"), labelOnCard: true, cell: (request) => <span className={`shell-badge ${STATUS_BADGE[request.status]}`}>{t(`status.${request.status}`)}</span> },
    { id: "paidUntil", header: t("student.columns.paidUntil"), labelOnCard: true, className: "shell-table__nowrap", cell: (request) => (request.periodEnd ? formatDate(request.periodEnd, i18n.language, UTC) : "—") },
  ];

  return (
    <section className="offline-section" aria-labelledby="offline-heading">
      <h2 id="offline-heading" className="offline-section__heading">
        {t("student.heading")}
      </h2>
      {!data.onSale ? (
        <p className="offline-section__note">{t("student.off")}</p>
      ) : (
        <>
          <p className="offline-section__note">{t("student.lead", { business })}</p>
          <p>{t("student.instructions", { business })}</p>
          {answer && (
            <Alert variant={answer.ok ? "success" : "danger"} resetKey={answer}>
              {answerKey ? t(answerKey, { business }) : answer.message}
            </Alert>
          )}
          {data.plans.length === 0 ? (
            <p className="offline-section__note">{t("student.noPlans")}</p>
          ) : (
            <ul className="offline-section__plans">
              {data.plans.map((plan) => (
                <li key={plan.id} className="offline-section__plan">
                  <h3 className="offline-section__plan-title">{plan.title}</h3>
                  <p>{t("student.planPrice", { price: formatPrice(plan.price, plan.currency, i18n.language), interval: t(`intervals.${plan.interval}`) })}</p>
                  {plan.description && <p className="offline-section__note">{plan.description}</p>}
                  <fetcher.Form method="post" action="/student/subscription/offline">
                    <input type="hidden" name="planId" value={plan.id} />
                    <Button type="submit" variant="secondary" isPending={asking === String(plan.id)}>
                      {t("student.payPlan", { plan: plan.title })}
                    </Button>
                  </fetcher.Form>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h3 className="offline-section__heading">{t("student.requestsHeading")}</h3>
      <ListTable columns={columns} rows={data.requests} rowKey={(request) => request.id} caption={t("student.requestsCaption")} className="offline-table" loading={false} emptyText={t("student.none")} />
    </section>
  );
}
