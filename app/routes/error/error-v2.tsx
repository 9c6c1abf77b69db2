import { ErrorPage } from "../../components/layout/ErrorPage";

/** Spec 2.1 error page v2. Public: it shows fixed text only and must work in any session state. */
export default function ErrorV2() {
  return <ErrorPage variant="v2" />;
}
