import { Outlet } from "react-router";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/layout";

/** Spec 2.5: the teacher area is for userType Teacher only; others are sent to /. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  return null;
}

export default function TeacherLayout() {
  return <Outlet />;
}

/** Errors of the area's pages render inside the app chrome. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
