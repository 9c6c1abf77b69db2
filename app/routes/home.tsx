import { redirect } from "react-router";
import { homePathFor } from "../components/layout/menu";
import { requireUser } from "../utils/guards.server";
import type { Route } from "./+types/home";

/** Spec 2.1: "/" sends each user type to its area; an unknown type goes to the error page. */
export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  throw redirect(homePathFor(user) ?? "/error");
}

// Never rendered (the loader always redirects); present so "/" is a page, not a resource route.
export default function Home() {
  return null;
}
