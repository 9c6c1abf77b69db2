import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { Button } from "../ui/Button";
import { ButtonLink } from "../ui/ButtonLink";
import { SessionExpiredDialog } from "./SessionExpiredDialog";

/** A message the server meant for the user: thrown with `data({ message }, { status })`. */
function messageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const data: unknown = error.data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return null;
}

/**
 * The error boundary of the signed-in pages. A 401 becomes the 'Session expired' dialog
 * (spec 8); anything else a friendly panel with a retry and a way home. Internal error
 * details never reach the page (React Router hides server errors in production anyway).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) return <SessionExpiredDialog />;
  return <ErrorPanel error={error} />;
}

export function ErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : 500;

  let title = t("errorPanel.title");
  let message = messageOf(error) ?? t("errorPanel.message");
  if (status === 404) {
    title = t("errorPanel.notFoundTitle");
    message = messageOf(error) ?? t("errorPages.v3.message");
  } else if (status === 403) {
    title = t("errorPanel.forbiddenTitle");
    message = messageOf(error) ?? t("errorPanel.forbidden");
  }

  return (
    <section className="shell-error-panel" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="shell-error-panel__title">
        {title}
      </h1>
      <p>{message}</p>
      <div className="shell-error-panel__actions">
        <Button variant="secondary" onPress={() => revalidator.revalidate()} isPending={revalidator.state !== "idle"}>
          {t("actions.tryAgain")}
        </Button>
        <ButtonLink to="/" variant="primary">
          {t("actions.goHome")}
        </ButtonLink>
      </div>
    </section>
  );
}
