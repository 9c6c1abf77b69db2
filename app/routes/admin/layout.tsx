import { Outlet } from "react-router";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/layout";

/** Spec 2.6: the admin area is for the owner (profile 2) only; others are sent to /. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

/** Errors of the area's pages render inside the app chrome. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
