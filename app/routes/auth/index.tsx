import { redirect } from "react-router";
import type { Route } from "./+types/index";

/** Spec 2.2: /auth alone goes to the login screen; a notice in the query string goes along. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/auth/login${new URL(request.url).search}`);
}

export default function AuthIndex() {
  return null;
}
