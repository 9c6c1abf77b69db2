import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { getOutboxMessage } from "../../../api/services/outbox/get-outbox-message";
import { useDates } from "../../components/layout/use-dates";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { DeliveryNote, deliveryOf } from "../../components/outbox/DeliveryNote";
import { callerOf, requireOwner } from "../../utils/guards.server";
import { orRouteError } from "../../utils/responses.server";
import type { Route } from "./+types/outbox-message";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireOwner(context, request);
  const caller = callerOf(context, request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: "The requested email is not found" }, { status: 404 });
  const services = context.get(servicesContext);
  return { message: await orRouteError(() => getOutboxMessage(services, caller, id)), delivery: deliveryOf(services.config) };
}

/**
 * The stored HTML is shown in a sandboxed frame with no permissions at all (no scripts,
 * forms, popups or same-origin access) and a CSP that loads nothing from the network, so
 * a message can neither run code in the app nor report that it was opened.
 */
const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"></head><body>${html}</body></html>`;
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const { message, delivery } = loaderData;
  const facts: [string, React.ReactNode][] = [
    [t("outbox.columns.from"), message.from],
    [t("outbox.columns.to"), message.to],
    [t("outbox.columns.tag"), message.tag ?? "—"],
    [t("outbox.columns.status"), t(`outbox.status.${message.status}`)],
    [t("outbox.columns.date"), dates.dateTime(message.createdAt)],
  ];
  if (message.sentAt) facts.push([t("outbox.columns.sentAt"), dates.dateTime(message.sentAt)]);
  if (message.error) facts.push([t("outbox.columns.error"), message.error]);

  return (
    <article className="shell-page shell-outbox-message" aria-labelledby="page-title">
      <title>{`${message.subject} · ${t("outbox.title")} · ${t("app.name")}`}</title>
      <p>
        <Link to="/admin/outbox" className="shell-back-link">
          ← {t("outbox.back")}
        </Link>
      </p>
      <h1 id="page-title" className="shell-page__title">
        {message.subject || t("outbox.noSubject")}
      </h1>
      <DeliveryNote delivery={delivery} />
      <dl className="shell-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <h2 className="shell-page__subtitle">{t("outbox.htmlVersion")}</h2>
      <iframe
        className="shell-outbox-message__frame"
        title={t("outbox.htmlPreview", { subject: message.subject })}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={previewDocument(message.html)}
      />

      <h2 className="shell-page__subtitle">{t("outbox.textVersion")}</h2>
      <pre className="shell-outbox-message__text">{message.text}</pre>
    </article>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
