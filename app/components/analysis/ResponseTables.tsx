import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ListColumn, ListTable } from "../layout/ListTable";
import type { ItemQuestion } from "../../../api/services/results/item-analysis/schemas";
import type { PartRate, WrongAnswer } from "../../../api/services/results/item-analysis/response-analysis";
import { formatPercent } from "./format";

/** The pinned grading page of a quiz (shared-routes.md): where the essays waiting are marked. */
export const quizGradingPath = (quizId: number) => `/teacher/quiz/${quizId}/grading`;

/**
 * Moodle-style response analysis (ADR 0072), one block per question that is not multiple
 * choice (whose options the questions' table already counts): the most frequent wrong typed
 * answers, each pair's, place's or gap's right rate, or an essay's mean mark and the answers
 * waiting. Each list is the product's one table, so on a phone its rows become cards.
 */
export function ResponseTables({ questions, quizId }: { questions: ItemQuestion[]; quizId: number }) {
  const { t } = useTranslation("analysis");
  const shown = questions.flatMap((question, index) => (question.response.kind === "options" ? [] : [{ question, number: index + 1 }]));
  if (shown.length === 0) return null;
  return (
    <section className="analysis-responses" aria-labelledby="analysis-responses-title">
      <h2 id="analysis-responses-title" className="analysis__heading">
        {t("responses.title")}
      </h2>
      <p className="analysis-responses__intro">{t("responses.intro")}</p>
      {shown.map(({ question, number }) => (
        <section key={question.questionId} className="analysis-response" aria-labelledby={`analysis-response-${question.questionId}`}>
          <h3 id={`analysis-response-${question.questionId}`} className="analysis-response__title">
            {t("responses.questionHeading", { number, type: t(`types.${question.optionType}`) })}
          </h3>
          <p className="analysis-response__text">{question.questionText}</p>
          <ResponseBody question={question} quizId={quizId} />
        </section>
      ))}
    </section>
  );
}

function ResponseBody({ question, quizId }: { question: ItemQuestion; quizId: number }) {
  const { t, i18n } = useTranslation("analysis");
  const response = question.response;
  switch (response.kind) {
    case "options":
      return null;
    case "wrongAnswers":
      return <WrongAnswersTable answers={response.answers} />;
    case "pairs":
    case "positions":
    case "gaps":
      return <PartsTable kind={response.kind} parts={response.parts} />;
    case "essay":
      return (
        <ul className="analysis-response__facts">
          <li>
            {response.meanMark === null
              ? t("responses.essay.noneMarked")
              : t("responses.essay.meanMark", { mark: response.meanMark.toLocaleString(i18n.language), max: response.maxMark.toLocaleString(i18n.language), count: response.marked })}
          </li>
          <li>
            {t("responses.essay.pending", { count: response.pending })}
            {response.pending > 0 && (
              <>
                {" "}
                <Link to={quizGradingPath(quizId)}>{t("responses.essay.gradingLink")}</Link>
              </>
            )}
          </li>
        </ul>
      );
  }
}

function WrongAnswersTable({ answers }: { answers: WrongAnswer[] }) {
  const { t, i18n } = useTranslation("analysis");
  const columns: ListColumn<WrongAnswer>[] = [
    { id: "answer", header: t("responses.wrongAnswers.answer"), className: "analysis-response__answer", cell: (row) => row.text },
    { id: "count", header: t("responses.wrongAnswers.count"), className: "shell-table__nowrap", labelOnCard: true, cell: (row) => row.count.toLocaleString(i18n.language) },
    { id: "share", header: t("responses.wrongAnswers.share"), labelOnCard: true, cell: (row) => <RateBar share={row.share} /> },
  ];
  return (
    <div className="analysis-items analysis-response__table">
      <ListTable columns={columns} rows={answers} rowKey={(row) => row.text} caption={t("responses.wrongAnswers.caption")} loading={false} emptyText={t("responses.wrongAnswers.empty")} />
    </div>
  );
}

function PartsTable({ kind, parts }: { kind: "pairs" | "positions" | "gaps"; parts: PartRate[] }) {
  const { t } = useTranslation("analysis");
  const columns: ListColumn<PartRate>[] = [
    { id: "label", header: t(`responses.${kind}.label`), className: "analysis-response__answer", cell: (part) => (kind === "gaps" ? t("responses.gaps.gap", { number: part.label }) : part.label) },
    { id: "answer", header: t(`responses.${kind}.answer`), labelOnCard: true, cell: (part) => part.answer },
    { id: "rate", header: t("responses.rightRate"), labelOnCard: true, cell: (part) => (part.rightRate === null ? t("questions.notAvailable") : <RateBar share={part.rightRate} />) },
  ];
  return (
    <div className="analysis-items analysis-response__table">
      <ListTable columns={columns} rows={parts} rowKey={(part) => `${part.label}-${part.answer}`} caption={t(`responses.${kind}.caption`)} loading={false} emptyText={t("responses.noAnswers")} />
    </div>
  );
}

/** A share in words, with a bar beside it as decoration (the number says it). */
function RateBar({ share }: { share: number }) {
  const { i18n } = useTranslation("analysis");
  return (
    <span className="analysis-rate">
      <span className="analysis-options__bar" aria-hidden="true">
        <span className="analysis-options__fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span className="analysis-rate__value">{formatPercent(share, i18n.language)}</span>
    </span>
  );
}
