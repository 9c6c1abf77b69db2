import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { listOutbox } from "../../../api/services/outbox/list-outbox";
import { formatDateTime } from "../../components/layout/format";
import { Pager } from "../../components/layout/Pager";
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
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { totalCount, entities, page, size, delivery } = loaderData;
  // Another page or page size of this list is on its way.
  const loading = navigation.state === "loading" && /\/admin\/outbox\/?$/.test(navigation.location.pathname);

  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("outbox.title")} · ${t("app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("outbox.title")}
      </h1>
      <p className="shell-page__lead">{t("outbox.description")}</p>
      <DeliveryNote delivery={delivery} />

      <div className="shell-table-wrap" aria-busy={loading}>
        <table className="shell-table">
          <caption className="ui-visually-hidden">{t("outbox.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("outbox.columns.to")}</th>
              <th scope="col">{t("outbox.columns.subject")}</th>
              <th scope="col">{t("outbox.columns.tag")}</th>
              <th scope="col">{t("outbox.columns.status")}</th>
              <th scope="col">{t("outbox.columns.date")}</th>
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={5} className="shell-table__state">
                  <Spinner label={t("list.pleaseWait")} />
                </td>
              </tr>
            ) : entities.length === 0 ? (
              <tr>
                <td colSpan={5} className="shell-table__state">
                  {t("list.noRecords")}
                </td>
              </tr>
            ) : (
              entities.map((message) => (
                <tr key={message.id}>
                  <td className="shell-table__nowrap">{message.to}</td>
                  <td>
                    <Link to={`/admin/outbox/${message.id}`}>{message.subject || t("outbox.noSubject")}</Link>
                  </td>
                  <td>{message.tag ?? "—"}</td>
                  <td>
                    <span className={`shell-badge ${STATUS_CLASS[message.status]}`}>{t(`outbox.status.${message.status}`)}</span>
                  </td>
                  <td className="shell-table__nowrap">
                    <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt, i18n.language)}</time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager total={totalCount} page={page} size={size} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
