import { useTranslation } from "react-i18next";
import { AppError } from "../../../api/services/core/errors";
import { pickerQuizzes } from "../../../api/services/lti/deep-linking/picker-quizzes";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { QuizPickerList } from "../../components/lti/QuizPickerList";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import ltiCss from "../../styles/lti.css?url";
import type { Route } from "./+types/lti-deep-link";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ltiCss }];

/**
 * Deep Linking 2.0's quiz picker (issue 29 point 3, ADR 0088): the quizzes the teacher may place,
 * found by name; "Place in course" posts the choice to /api/lti/deepLinking/respond, whose page
 * posts the signed answer to the LMS. Another user's or an unknown token is the 404 page; a used
 * or expired one says so here.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  const messages = routeMessages(request, "lti");
  try {
    const picker = await pickerQuizzes(context.get(servicesContext), callerOf(context, request), params.token, search);
    return { expired: false as const, picker, search, token: params.token, messages };
  } catch (error) {
    if (error instanceof AppError && error.status === 410) return { expired: true as const, messages };
    throw loaderFailure(error);
  }
}

export default function LtiDeepLink({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["lti", "common"]);
  if (loaderData.expired) {
    return (
      <section className="shell-page lti-page" aria-labelledby="page-title">
        <h1 id="page-title" className="shell-page__title">
          {t("picker.title")}
        </h1>
        <Alert variant="warning" autoHideMs={null} isDismissable={false}>
          {t("codes.LTI_DEEP_LINK_EXPIRED")}
        </Alert>
      </section>
    );
  }
  const { picker, search, token } = loaderData;
  return (
    <section className="shell-page lti-page" aria-labelledby="page-title">
      <title>{`${t("picker.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("picker.title")}
      </h1>
      <p className="shell-page__lead">{t("picker.lead", { platform: picker.platformName })}</p>
      <QuizPickerList
        quizzes={picker.quizzes}
        search={search}
        chooseHeader={t("picker.choose")}
        choose={(quiz) => (
          // A document post (not a client navigation): the answer is the page that posts to the LMS.
          <form method="post" action="/api/lti/deepLinking/respond">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="quizId" value={quiz.id} />
            <Button type="submit" size="sm" variant="primary" aria-label={t("picker.chooseNamed", { name: quiz.quizName })}>
              {t("picker.choose")}
            </Button>
          </form>
        )}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
