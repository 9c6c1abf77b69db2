import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { quizToGrade } from "../../../api/services/grading/grading-page";
import { listGradingQueue } from "../../../api/services/grading/grading-queue";
import { essayWordCount } from "../../../api/services/marking/essay";
import { GradeForm } from "../../components/grading/GradeForm";
import { type GradeFormIds, gradingPath, gradingViewOf, GRADING_PAGE_SIZE } from "../../components/grading/grading-view";
import { saveGrade } from "../../components/grading/grade-action.server";
import { QuestionForGrader } from "../../components/grading/QuestionForGrader";
import { SavedNotice } from "../../components/grading/SavedNotice";
import { useDates } from "../../components/layout/use-dates";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { quizStatsPath } from "../../components/quizzes/quiz-pool-query";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { type ActionFailure, actionFailure, actionSuccess } from "../../utils/form-answers.server";
import { sayAnswer } from "../../utils/message-codes";
import { GRADE_FORM_CODE_KEYS } from "../../components/grading/grade-codes";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import gradingCss from "../../styles/grading.css?url";
import panelsCss from "../../styles/panels.css?url";
import type { Route } from "./+types/quiz-grading";

export const links: Route.LinksFunction = () => [panelsCss, gradingCss].map((href) => ({ rel: "stylesheet", href }));

/**
 * Issue 26 point 4, /teacher/quiz/{id}/grading (ADR 0070): the answers waiting for a person, by
 * question (one question's answers one after another, as Moodle's manual grading report) or by
 * student (oldest hand-in first), optionally without names. The same services as POST
 * /api/takenQuiz/gradingQueue and /grade: the quiz's teacher and the owner; another business's
 * quiz is not found.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const asked = gradingViewOf(url.searchParams);
  try {
    const { quiz, essays } = await quizToGrade(services, caller, params.id);
    // The question asked for, else the first with answers waiting, else the first.
    const questionId = asked.by === "question" ? (essays.find((essay) => essay.id === asked.questionId) ?? essays.find((essay) => essay.waiting > 0) ?? essays[0])?.id : undefined;
    const view = { ...asked, questionId };
    const queue =
      asked.by === "question" && questionId === undefined
        ? { totalCount: 0, entities: [] }
        : await listGradingQueue(services, caller, {
            quizId: quiz.id,
            questionId,
            anonymous: view.anonymous,
            queryParams: { pageNumber: view.page, pageSize: GRADING_PAGE_SIZE, sortField: "submittedAt", sortOrder: "asc" },
          });
    // The last row of the last page marked: show the page before it rather than an empty one.
    const lastPage = Math.max(1, Math.ceil(queue.totalCount / GRADING_PAGE_SIZE));
    if (view.page > lastPage) throw redirect(gradingPath(quiz.id, { ...view, page: lastPage }));
    const answers = queue.entities.map(({ answer, ...row }) => {
      const html = typeof (answer as { html?: unknown })?.html === "string" ? (answer as { html: string }).html : "";
      return { ...row, html, words: essayWordCount(html) };
    });
    return { quiz, essays, view, totalCount: queue.totalCount, answers, messages: routeMessages(request, "grading", "results") };
  } catch (error) {
    if (error instanceof Response) throw error;
    throw loaderFailure(error);
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  let ids: Partial<GradeFormIds> = {};
  try {
    const { graded, studentName } = await saveGrade(services, caller, request, (_, read) => (ids = read));
    return actionSuccess(graded, { saved: { ...graded.entity, studentName } });
  } catch (error) {
    return actionFailure(error, { ...ids });
  }
}

export default function QuizGrading({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["grading", "results", "common"]);
  const { quiz, essays, view, totalCount, answers } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const dates = useDates();
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  const isSending = (row: GradeFormIds) => sending?.get("takenQuizId") === String(row.takenQuizId) && sending?.get("questionId") === String(row.questionId);
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname && navigation.formData === undefined;
  // A refusal carries back the ids of the form it answers (the action's `extra`).
  const failure = actionData && !("ok" in actionData) ? (actionData as ActionFailure & Partial<GradeFormIds>) : undefined;
  const failureOf = (row: GradeFormIds) => (failure && failure.takenQuizId === row.takenQuizId && failure.questionId === row.questionId ? failure : undefined);
  const failureElsewhere = failure && !answers.some((row) => failureOf(row)) ? failure : undefined;
  const saved = actionData && "ok" in actionData ? actionData.saved : undefined;
  const essayOf = new Map(essays.map((essay) => [essay.id, essay]));
  const pickedEssay = view.questionId !== undefined ? essayOf.get(view.questionId) : undefined;
  const pages = Math.max(1, Math.ceil(totalCount / GRADING_PAGE_SIZE));
  const title = t("page.title", { quizName: quiz.quizName });
  // The saved row's form (and the focus in it) is gone: go on at the next answer's heading, or the empty state's.
  // Once the list no longer holds the saved row (the loader has run again), and once per save.
  const listRef = useRef<HTMLDivElement>(null);
  const focusedAfter = useRef<unknown>(undefined);
  useEffect(() => {
    if (!saved || focusedAfter.current === saved) return;
    if (answers.some((row) => row.takenQuizId === saved.takenQuizId && row.questionId === saved.questionId)) return;
    focusedAfter.current = saved;
    listRef.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [saved, answers]);

  return (
    <section className="shell-page grading" aria-labelledby="page-title">
      <title>{`${title} · ${t("common:app.name")}`}</title>
      <div className="quiz-view__toolbar">
        <ButtonLink to={quizStatsPath(quiz.id)} variant="secondary">
          {t("page.back")}
        </ButtonLink>
        <ButtonLink to="/teacher/grading" variant="secondary">
          {t("page.overview")}
        </ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {title}
      </h1>
      <SavedNotice saved={saved} />
      {failureElsewhere && (
        <p role="alert" className="grade-form__alert">
          {sayAnswer(t, GRADE_FORM_CODE_KEYS, failureElsewhere)}
        </p>
      )}

      <Form method="get" className="grading-view panel" aria-label={t("view.label")}>
        <fieldset className="grading-view__by">
          <legend className="ui-field__label">{t("view.by")}</legend>
          <label className="grading-view__choice">
            <input type="radio" name="by" value="question" defaultChecked={view.by === "question"} /> {t("view.byQuestion")}
          </label>
          <label className="grading-view__choice">
            <input type="radio" name="by" value="student" defaultChecked={view.by === "student"} /> {t("view.byStudent")}
          </label>
        </fieldset>
        {essays.length > 0 && (
          <div className="ui-field grading-view__question">
            <label htmlFor="grading-question" className="ui-field__label">
              {t("view.question")}
            </label>
            <select id="grading-question" name="question" className="ui-input" key={view.questionId} defaultValue={view.questionId ?? essays[0].id}>
              {essays.map((essay, index) => (
                <option key={essay.id} value={essay.id}>
                  {t("view.questionOption", { number: index + 1, text: essay.questionText.length > 60 ? `${essay.questionText.slice(0, 60)}…` : essay.questionText, waiting: essay.waiting })}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="grading-view__choice grading-view__anonymous">
          <input type="checkbox" name="anonymous" value="1" defaultChecked={view.anonymous} /> {t("view.anonymous")}
        </label>
        <button type="submit" className="ui-button ui-button--secondary ui-button--md">
          {t("view.show")}
        </button>
      </Form>

      {view.by === "question" && pickedEssay && <QuestionForGrader question={pickedEssay} />}

      {loading && <p role="status" className="grading-loading">{t("page.loading")}</p>}
      <div ref={listRef} aria-busy={loading || undefined} className="grading-list">
        {answers.length === 0 ? (
          <div className="shell-coming-soon__card grading-empty">
            <h2 className="grading-empty__title" tabIndex={-1}>
              {t("page.empty")}
            </h2>
            <p>{view.by === "question" && essays.length > 1 ? t("page.emptyQuestion") : t("page.emptyText")}</p>
          </div>
        ) : (
          <>
            <p className="grading-list__count">{t("page.count", { count: totalCount })}</p>
            <ol className="grading-list__items">
              {answers.map((row, index) => {
                const essay = essayOf.get(row.questionId);
                const number = (view.page - 1) * GRADING_PAGE_SIZE + index + 1;
                const who = row.studentName ?? t("answer.anonymous", { number });
                return (
                  <li key={`${row.takenQuizId}-${row.questionId}`} className="grading-answer panel">
                    <article aria-labelledby={`answer-${row.takenQuizId}-${row.questionId}`}>
                      <h2 id={`answer-${row.takenQuizId}-${row.questionId}`} className="grading-answer__who" tabIndex={-1}>
                        {who}
                      </h2>
                      <p className="grading-answer__meta">
                        {t("answer.submitted", { when: dates.dateTime(row.submittedAt) })}
                        {row.studentName && (
                          <>
                            {" · "}
                            <Link to={`/teacher/quiz/${quiz.id}/attempt/${row.takenQuizId}`}>{t("answer.openAttempt")}</Link>
                          </>
                        )}
                      </p>
                      {view.by === "student" && essay && <QuestionForGrader question={essay} headingLevel={3} />}
                      <h3 className="grading-answer__label">{t("answer.essay")}</h3>
                      {/* The essay as saved: sanitised when it was answered (marking/essay.ts EssayAnswer). */}
                      <div className="grading-answer__essay" dangerouslySetInnerHTML={{ __html: row.html }} />
                      <p className="grading-answer__words panel-caption">{t("answer.words", { count: row.words })}</p>
                      {essay && (
                        <GradeForm
                          takenQuizId={row.takenQuizId}
                          questionId={row.questionId}
                          maxMark={essay.maxMark}
                          rubric={essay.rubric}
                          failure={failureOf(row)}
                          submitting={isSending(row)}
                        />
                      )}
                    </article>
                  </li>
                );
              })}
            </ol>
            {pages > 1 && (
              <nav className="grading-pages" aria-label={t("page.pages")}>
                {view.page > 1 && <Link to={gradingPath(quiz.id, { ...view, page: view.page - 1 })}>{t("page.previous")}</Link>}
                <span>{t("page.pageOf", { page: view.page, pages })}</span>
                {view.page < pages && <Link to={gradingPath(quiz.id, { ...view, page: view.page + 1 })}>{t("page.next")}</Link>}
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
