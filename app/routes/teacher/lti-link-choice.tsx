import { useTranslation } from "react-i18next";
import { Form as RouterForm, redirect, useNavigation } from "react-router";
import { AppError } from "../../../api/services/core/errors";
import { chooseQuizForLink, linkChooser } from "../../../api/services/lti/link-choice/chooser";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { QuizPickerList } from "../../components/lti/QuizPickerList";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { safeReturnPath } from "../../utils/return-after-sign-in";
import ltiCss from "../../styles/lti.css?url";
import type { Route } from "./+types/lti-link-choice";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ltiCss }];

/** A service's landing (under /quiz) as a redirect takes it (without the basename). */
const landing = (path: string) => safeReturnPath(path) ?? "/teacher";

/**
 * The chooser of an LMS link that opens no quiz (issue 29 point 2, ADR 0091): the instructor's
 * launch of a link made without deep linking lands here; the quiz they choose is bound to the
 * link and they land on its stats. A link that has its quiz already goes straight there. Another
 * user's or an unknown token is the 404 page; an expired one says so here.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  const messages = routeMessages(request, "lti");
  try {
    const chooser = await linkChooser(context.get(servicesContext), callerOf(context, request), params.token, search);
    if (chooser.chosen) throw redirect(landing(chooser.chosen));
    return { expired: false as const, chooser, search, messages };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AppError && error.status === 410) return { expired: true as const, messages };
    throw loaderFailure(error);
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const form = await request.formData();
  try {
    const { redirectTo } = await chooseQuizForLink(context.get(servicesContext), callerOf(context, request), { token: params.token, quizId: form.get("quizId") });
    return redirect(landing(redirectTo));
  } catch (error) {
    // A stale page: the loader that follows says the choice expired.
    if (error instanceof AppError && error.status === 410) return null;
    throw loaderFailure(error);
  }
}

export default function LtiLinkChoice({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["lti", "common"]);
  const navigation = useNavigation();
  const title = (
    <>
      <title>{`${t("linkChoice.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("linkChoice.title")}
      </h1>
    </>
  );
  if (loaderData.expired) {
    return (
      <section className="shell-page lti-page" aria-labelledby="page-title">
        {title}
        <Alert variant="warning" autoHideMs={null} isDismissable={false}>
          {t("codes.LTI_DEEP_LINK_EXPIRED")}
        </Alert>
      </section>
    );
  }
  const { chooser, search } = loaderData;
  const choosing = navigation.state === "submitting" ? navigation.formData?.get("quizId") : null;
  return (
    <section className="shell-page lti-page" aria-labelledby="page-title">
      {title}
      <p className="shell-page__lead">
        {chooser.linkTitle ? t("linkChoice.lead", { platform: chooser.platformName, link: chooser.linkTitle }) : t("linkChoice.leadUntitled", { platform: chooser.platformName })}
      </p>
      <p className="lti-page__note">{t("linkChoice.note")}</p>
      <QuizPickerList
        quizzes={chooser.quizzes}
        search={search}
        chooseHeader={t("linkChoice.choose")}
        choose={(quiz) => (
          <RouterForm method="post">
            <input type="hidden" name="quizId" value={quiz.id} />
            <Button
              type="submit"
              size="sm"
              variant="primary"
              isPending={choosing === String(quiz.id)}
              isDisabled={choosing != null}
              aria-label={t("linkChoice.chooseNamed", { name: quiz.quizName })}
            >
              {t("linkChoice.choose")}
            </Button>
          </RouterForm>
        )}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
