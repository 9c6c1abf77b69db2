import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { listOutbox } from "../../../api/services/outbox/list-outbox";
import { useDates } from "../../components/layout/use-dates";
import { type ListColumn, ListTable } from "../../components/layout/ListTable";
import { readPaging } from "../../components/layout/paging";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { Spinner } from "../../components/ui/Spinner";
import { servicesContext } from "../../context";
import { DeliveryNote, deliveryOf } from "../../components/outbox/DeliveryNote";
import { callerOf, requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/outbox";

/** The owner reads every e-mail the product sent or stored for the business (decisions: e-mail). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  const caller = callerOf(context, request);
  const { page, size } = readPaging(new URL(request.url).searchParams);
  const services = context.get(servicesContext);
  const { totalCount, entities } = await listOutbox(services, caller, { pageNumber: page, pageSize: size });
  return { totalCount, entities, page, size, delivery: deliveryOf(services.config) };
}

const STATUS_CLASS = { stored: "shell-badge--neutral", sent: "shell-badge--success", failed: "shell-badge--danger" } as const;

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const navigation = useNavigation();
  const { totalCount, entities, page, size, delivery } = loaderData;
  // Another page or page size of this list is on its way.
  const loading = navigation.state === "loading" && /\/admin\/outbox\/?$/.test(navigation.location.pathname);

  const columns: ListColumn<(typeof entities)[number]>[] = [
    { id: "to", header: t("outbox.columns.to"), className: "shell-table__nowrap", labelOnCard: true, cell: (message) => message.to },
    { id: "subject", header: t("outbox.columns.subject"), cell: (message) => <Link to={`/admin/outbox/${message.id}`}>{message.subject || t("outbox.noSubject")}</Link> },
    { id: "tag", header: t("outbox.columns.tag"), labelOnCard: true, cell: (message) => message.tag ?? "—" },
    {
      id: "status",
      header: t("outbox.columns.status"),
      labelOnCard: true,
      cell: (message) => <span className={`shell-badge ${STATUS_CLASS[message.status]}`}>{t(`outbox.status.${message.status}`)}</span>,
    },
    {
      id: "date",
      header: t("outbox.columns.date"),
      className: "shell-table__nowrap",
      labelOnCard: true,
      cell: (message) => <time dateTime={new Date(message.createdAt).toISOString()}>{dates.dateTime(message.createdAt)}</time>,
    },
  ];

  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("outbox.title")} · ${t("app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("outbox.title")}
      </h1>
      <p className="shell-page__lead">{t("outbox.description")}</p>
      <DeliveryNote delivery={delivery} />

      <ListTable
        columns={columns}
        rows={entities}
        rowKey={(message) => message.id}
        caption={t("outbox.caption")}
        // On phones each message is a card, as in the other lists (issue 25 point 6).
        className="outbox-table"
        loading={loading}
        loadingContent={<Spinner label={t("list.pleaseWait")} />}
        emptyText={t("list.noRecords")}
        pager={{ total: totalCount, page, size }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
