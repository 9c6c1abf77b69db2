import { data } from "react-router";
import { ErrorPage } from "../components/layout/ErrorPage";
import { RouteErrorBoundary } from "../components/layout/RouteErrorBoundary";
import { requireUser } from "../utils/guards.server";
import type { Route } from "./+types/not-found";

/**
 * Any path no route knows. Signed-out visitors go to the login screen like everywhere
 * else (spec 2.1); signed-in users get the 'How did you get here' page with status 404.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage variant="v3" />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
