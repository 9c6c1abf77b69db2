import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ItemQuestion } from "../../../api/services/results/item-analysis/schemas";
import { FlagBadge } from "./FlagBadge";
import { formatIndex, formatPercent } from "./format";

/** Where a question's feedback and its page in the bank live (the feedback page filters by question). */
export const questionFeedbackPath = (questionId: number) => `/teacher/feedback?questionId=${questionId}`;
export const questionInBankPath = (questionId: number) => `/teacher/questions/${questionId}/view`;

/**
 * One row per question in quiz order: its text and each option with how many chose it (a bar
 * and the number), the share answered right, the discrimination, the flags in words, and for
 * a question to revise (or with pending feedback) links to its feedback and to the bank.
 */
export function ItemTable({ questions, attempts }: { questions: ItemQuestion[]; attempts: number }) {
  const { t, i18n } = useTranslation("analysis");
  const language = i18n.language;
  return (
    <div className="shell-table-wrap analysis-items">
      <table className="shell-table">
        <caption className="ui-visually-hidden">{t("questions.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("questions.number")}</th>
            <th scope="col">{t("questions.question")}</th>
            <th scope="col">{t("questions.facility")}</th>
            <th scope="col">{t("questions.discrimination")}</th>
            <th scope="col">{t("questions.flags")}</th>
            <th scope="col">{t("questions.links")}</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((question, index) => {
            const number = index + 1;
            const showLinks = question.flags.length > 0 || question.pendingFeedbackCount > 0;
            return (
              <tr key={question.questionId} className={question.flags.length > 0 ? "analysis-items__flagged" : undefined}>
                <td className="analysis-items__number">{number}</td>
                <td className="analysis-items__question" data-label={t("questions.question")}>
                  <p className="analysis-items__text">{question.questionText}</p>
                  <ul className="analysis-options">
                    {question.options.map((option) => {
                      const share = attempts === 0 ? 0 : option.chosenCount / attempts;
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
                          <span className="analysis-options__count">{t("questions.chosen", { count: option.chosenCount, percent: formatPercent(share, language) })}</span>
                        </li>
                      );
                    })}
                  </ul>
                </td>
                <td className="shell-table__nowrap" data-label={t("questions.facility")}>{question.facility === null ? t("questions.notAvailable") : formatPercent(question.facility, language)}</td>
                <td className="shell-table__nowrap" data-label={t("questions.discrimination")}>{question.discrimination === null ? t("questions.notAvailable") : formatIndex(question.discrimination, language)}</td>
                <td data-label={t("questions.flags")}>
                  {question.flags.length === 0 ? (
                    <span className="analysis-items__none">{t("questions.noFlags")}</span>
                  ) : (
                    <ul className="analysis-flags">
                      {question.flags.map((flag) => (
                        <li key={flag}>
                          <FlagBadge flag={flag} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label={t("questions.links")}>
                  <ul className="analysis-links" aria-label={t("questions.linksFor", { number })}>
                    {showLinks && (
                      <li>
                        <Link to={questionFeedbackPath(question.questionId)}>{t("questions.feedback", { count: question.pendingFeedbackCount })}</Link>
                      </li>
                    )}
                    <li>
                      <Link to={questionInBankPath(question.questionId)}>{t("questions.inBank")}</Link>
                    </li>
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
