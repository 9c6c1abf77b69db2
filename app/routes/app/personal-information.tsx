import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/personal-information";

/** Spec 2.1: the settings link's target; its contents arrive in a later release. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function PersonalInformation() {
  return <ComingSoon titleKey="pages.personalInformation" />;
}
