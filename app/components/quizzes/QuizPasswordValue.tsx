import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The quiz view's password (issue 25 point 6, docs/decisions/0063): its teacher and the owner
 * (maySeeQuizPassword: the API sends them the password) read it behind a show/hide button,
 * hidden at first so it is not read over a shoulder; another author, sent only hasPassword,
 * is told that there is one and who sees it.
 */
export function QuizPasswordValue({ password, hasPassword }: { password: string; hasPassword: boolean }) {
  const { t } = useTranslation("quizzes");
  const [visible, setVisible] = useState(false);
  if (!hasPassword) return <>{t("view.noPassword")}</>;
  if (password === "") return <>{t("view.passwordOfAuthor")}</>;
  return (
    <span className="quiz-password">
      {visible ? (
        <code className="quiz-password__text">{password}</code>
      ) : (
        <span>
          <span aria-hidden="true">••••••••</span>
          <span className="ui-visually-hidden">{t("view.passwordHidden")}</span>
        </span>
      )}
      <button type="button" className="ui-button ui-button--secondary ui-button--sm" onClick={() => setVisible(!visible)}>
        {visible ? t("view.hidePassword") : t("view.showPassword")}
      </button>
    </span>
  );
}
