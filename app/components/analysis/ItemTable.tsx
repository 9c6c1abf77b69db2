import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ListColumn, ListTable } from "../layout/ListTable";
import type { ItemQuestion } from "../../../api/services/results/item-analysis/schemas";
import { FlagBadge } from "./FlagBadge";
import { formatIndex, formatPercent } from "./format";

/** Where a question's feedback and its page in the bank live (the feedback page filters by question). */
export const questionFeedbackPath = (questionId: number) => `/teacher/feedback?questionId=${questionId}`;
export const questionInBankPath = (questionId: number) => `/teacher/questions/${questionId}/view`;

/**
 * One row per question in quiz order (the product's one table, ADR 0036; no paging: a quiz
 * has at most 100 questions): its text and each option with how many chose it (a bar and the
 * number), the share answered right, the discrimination, the flags in words, and for a
 * question to revise (or with pending feedback) links to its feedback and to the bank.
 */
export function ItemTable({ questions, attempts }: { questions: ItemQuestion[]; attempts: number }) {
  const { t, i18n } = useTranslation("analysis");
  const language = i18n.language;
  const numberOf = new Map(questions.map((question, index) => [question.questionId, index + 1]));
  const columns: ListColumn<ItemQuestion>[] = [
    { id: "number", header: t("questions.number"), className: "analysis-items__number", cell: (question) => numberOf.get(question.questionId) },
    { id: "question", header: t("questions.question"), className: "analysis-items__question", labelOnCard: true, cell: (question) => <QuestionCell question={question} attempts={attempts} /> },
    {
      id: "facility",
      header: t("questions.facility"),
      className: "shell-table__nowrap",
      labelOnCard: true,
      cell: (question) => (question.facility === null ? t("questions.notAvailable") : formatPercent(question.facility, language)),
    },
    {
      id: "discrimination",
      header: t("questions.discrimination"),
      className: "shell-table__nowrap",
      labelOnCard: true,
      cell: (question) => (question.discrimination === null ? t("questions.notAvailable") : formatIndex(question.discrimination, language)),
    },
    {
      id: "flags",
      header: t("questions.flags"),
      labelOnCard: true,
      cell: (question) =>
        question.flags.length === 0 ? (
          <span className="analysis-items__none">{t("questions.noFlags")}</span>
        ) : (
          <ul className="analysis-flags">
            {question.flags.map((flag) => (
              <li key={flag}>
                <FlagBadge flag={flag} />
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: "links",
      header: t("questions.links"),
      labelOnCard: true,
      cell: (question) => (
        <ul className="analysis-links" aria-label={t("questions.linksFor", { number: numberOf.get(question.questionId) })}>
          {(question.flags.length > 0 || question.pendingFeedbackCount > 0) && (
            <li>
              <Link to={questionFeedbackPath(question.questionId)}>{t("questions.feedback", { count: question.pendingFeedbackCount })}</Link>
            </li>
          )}
          <li>
            <Link to={questionInBankPath(question.questionId)}>{t("questions.inBank")}</Link>
          </li>
        </ul>
      ),
    },
  ];
  return (
    <div className="analysis-items">
      <ListTable columns={columns} rows={questions} rowKey={(question) => question.questionId} caption={t("questions.title")} className="analysis-table" loading={false} emptyText={t("questions.notAvailable")} />
    </div>
  );
}

/** The question's text and each option with how many chose it: a bar (decoration) and the number in words. */
function QuestionCell({ question, attempts }: { question: ItemQuestion; attempts: number }) {
  const { t, i18n } = useTranslation("analysis");
  return (
    <>
      <p className="analysis-items__type">{t(`types.${question.optionType}`)}</p>
      <p className="analysis-items__text">{question.questionText}</p>
      {question.drawn !== undefined && <p className="analysis-items__pending">{t("draws.drawn", { count: question.drawn })}</p>}
      {question.pending > 0 && <p className="analysis-items__pending">{t("questions.pending", { count: question.pending })}</p>}
      <ul className="analysis-options">
        {question.options.map((option) => {
          // A drawn question's options are shares of the attempts that drew it (ADR 0077).
          const over = question.drawn ?? attempts;
          const share = over === 0 ? 0 : option.chosenCount / over;
          return (
            <li key={option.optionId} className="analysis-options__item">
              <span className="analysis-options__label">
                {option.isCorrect && (
                  <span className="analysis-options__correct">
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                      <path d="M4 12l5 5L20 6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    <span className="ui-visually-hidden">{t("questions.correct")}: </span>
                  </span>
                )}
                {option.optionText}
              </span>
              <span className="analysis-options__bar" aria-hidden="true">
                <span className={option.isCorrect ? "analysis-options__fill analysis-options__fill--correct" : "analysis-options__fill"} style={{ width: `${Math.round(share * 100)}%` }} />
              </span>
              <span className="analysis-options__count">{t("questions.chosen", { count: option.chosenCount, percent: formatPercent(share, i18n.language) })}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
