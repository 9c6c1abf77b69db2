import { useTranslation } from "react-i18next";
import { findQuiz } from "../../../api/services/quizzes/find-quiz";
import { analyseItems } from "../../../api/services/results/item-analysis/item-analysis";
import { ITEM_ANALYSIS_THRESHOLDS, ITEM_FLAGS } from "../../../api/services/results/item-analysis/thresholds";
import { formatPercent } from "../../components/analysis/format";
import { ItemTable } from "../../components/analysis/ItemTable";
import { ResponseTables } from "../../components/analysis/ResponseTables";
import { ScoreDistributionChart } from "../../components/analysis/ScoreDistributionChart";
import { ScoresOverTimeChart } from "../../components/analysis/ScoresOverTimeChart";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { quizStatsPath } from "../../components/quizzes/quiz-pool-query";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import analysisCss from "../../styles/analysis.css?url";
import panelsCss from "../../styles/panels.css?url";
import { classChoices } from "../../../api/services/classes/class-choices";
import { ClassPicker } from "../../components/class-filter/ClassPicker";
import { chosenClassId, classIdParam, withClassId } from "../../components/class-filter/class-filter-url";
import { timeZoneFromCookie } from "../../utils/time-zone-cookie.server";
import type { Route } from "./+types/quiz-analysis";

/** Only this page draws charts: its styles come with it, not with every page. */
export const links: Route.LinksFunction = () => [panelsCss, analysisCss].map((href) => ({ rel: "stylesheet", href }));

/**
 * Issue 16 point 5, /teacher/quiz/{id}/analysis: the same verb as POST
 * /api/takenQuiz/itemAnalysis (the quiz's teacher and the owner; ADR 0042); `?classId=` analyses
 * the class's members only (ADR 0080).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const url = new URL(request.url).searchParams;
  try {
    const [{ data }, { entity }, classes] = await Promise.all([
      // Days of the school's zone; before the owner chose one, the reader's, as every page's dates (ADR 0082).
      analyseItems(services, caller, { quizId: params.id, classId: classIdParam(url) }, { readerTimeZone: timeZoneFromCookie(request.headers.get("cookie")) }),
      findQuiz(services, caller, { quizId: params.id }),
      classChoices(services, caller),
    ]);
    return { analysis: data, quiz: { id: entity.id, quizName: entity.quizName }, classes, classId: chosenClassId(url), messages: routeMessages(request, "analysis") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export default function QuizAnalysis({ loaderData }: Route.ComponentProps) {
  // Before anything reads the namespace: only this page's data carries it (route-messages.ts).
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation(["analysis", "common"]);
  const { analysis, quiz, classId } = loaderData;
  const { minAttempts, tooEasyAbove, tooHardBelow } = ITEM_ANALYSIS_THRESHOLDS;
  const percent = (share: number) => formatPercent(share, i18n.language);
  return (
    <section className="shell-page analysis" aria-labelledby="page-title">
      <title>{`${t("pageTitle", { quizName: quiz.quizName })} · ${t("common:app.name")}`}</title>
      <div className="quiz-view__toolbar">
        <ButtonLink to={withClassId(quizStatsPath(quiz.id), classId)} variant="secondary">
          {t("back")}
        </ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {t("pageTitle", { quizName: quiz.quizName })}
      </h1>
      <div className="list-toolbar">
        <ClassPicker classes={loaderData.classes} classId={classId} />
      </div>
      {analysis.attempts === 0 ? (
        <div className="shell-coming-soon__card analysis-empty">
          <h2 className="analysis-empty__title">{t("empty.title")}</h2>
          <p>{classId === null ? t("empty.message") : t("classFilter.empty")}</p>
        </div>
      ) : (
        <>
          <p className="analysis__summary">{t("summary", { count: analysis.attempts, average: percent((analysis.averagePercentage ?? 0) / 100) })}</p>
          {analysis.attempts < minAttempts && (
            <p className="analysis__notice panel-note" role="note">
              {t("fewAttempts", { count: minAttempts })}
            </p>
          )}
          <div className="analysis__charts">
            <ScoreDistributionChart bins={analysis.distribution} />
            <ScoresOverTimeChart days={analysis.overTime} timeZone={analysis.timeZone} />
          </div>
          <h2 className="analysis__heading">{t("questions.title")}</h2>
          <ItemTable questions={analysis.questions} attempts={analysis.attempts} />
          <ResponseTables questions={analysis.questions} quizId={quiz.id} />
          <section className="analysis-legend" aria-labelledby="analysis-legend-title">
            <h2 id="analysis-legend-title" className="analysis__heading">
              {t("legend.title")}
            </h2>
            <ul>
              <li>{t("legend.facility")}</li>
              <li>{t("legend.partialCredit")}</li>
              <li>{t("legend.discrimination")}</li>
              {ITEM_FLAGS.map((flag) => (
                <li key={flag}>{t(`legend.${flag}`, { percent: percent(flag === "TOO_EASY" ? tooEasyAbove : tooHardBelow) })}</li>
              ))}
              <li>{t("legend.minAttempts", { count: minAttempts })}</li>
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
