import { useRouteError } from "react-router";
import { ErrorPanel } from "../layout/RouteErrorBoundary";

/**
 * The error boundary of one auth screen: the side panel stays, the card shows what went
 * wrong with a retry and a way home (server details never reach the page).
 */
export function AuthErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="auth-card">
      <ErrorPanel error={error} />
    </div>
  );
}
