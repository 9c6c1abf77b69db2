import { ErrorPage } from "../../components/layout/ErrorPage";

/** Spec 2.1 error page v3. Public: it shows fixed text only and must work in any session state. */
export default function ErrorV3() {
  return <ErrorPage variant="v3" />;
}
