import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/user-profile";

/** Spec 2.1: the user profile; its contents arrive in a later release. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function UserProfile() {
  return <ComingSoon titleKey="pages.userProfile" />;
}
