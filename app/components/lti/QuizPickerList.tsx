import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form as RouterForm, useNavigation } from "react-router";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { Button } from "../ui/Button";
import { ButtonLink } from "../ui/ButtonLink";
import { Spinner } from "../ui/Spinner";
import { TextField } from "../ui/TextField";
import type { PickerQuiz } from "../../../api/services/lti/deep-linking/picker-quizzes";

export type { PickerQuiz };

/**
 * The quizzes a teacher may place, found by name, with a way to create one, each row with the
 * page's own "choose" control (issue 29): the deep-linking picker's (placed in the course by the
 * LMS) and the chooser's of a link that opens no quiz (bound here).
 */
export function QuizPickerList({ quizzes, search, chooseHeader, choose }: { quizzes: PickerQuiz[]; search: string; chooseHeader: string; choose: (quiz: PickerQuiz) => ReactNode }) {
  const { t } = useTranslation("lti");
  const navigation = useNavigation();
  const columns: ListColumn<PickerQuiz>[] = [
    { id: "quiz", header: t("picker.quiz"), cell: (quiz) => <strong>{quiz.quizName}</strong> },
    { id: "questions", header: t("picker.questions"), labelOnCard: true, cell: (quiz) => quiz.totalQuestion },
    { id: "status", header: t("picker.status"), labelOnCard: true, cell: (quiz) => t(`picker.statuses.${quiz.status}`) },
    { id: "choose", header: chooseHeader, cell: choose },
  ];
  return (
    <>
      <div className="lti-picker__bar">
        <RouterForm method="get" className="lti-picker__search" role="search">
          <TextField name="q" label={t("picker.search")} defaultValue={search} type="search" />
          <Button type="submit" variant="secondary">
            {t("picker.searchButton")}
          </Button>
        </RouterForm>
        <div className="lti-picker__create">
          <ButtonLink to="/teacher/quizPool/new" target="_blank">
            {t("picker.create")}
          </ButtonLink>
          <p className="lti-page__note">{t("picker.createHint")}</p>
        </div>
      </div>
      <ListTable
        columns={columns}
        rows={quizzes}
        rowKey={(quiz) => quiz.id}
        caption={t("picker.caption")}
        className="lti-table"
        loading={navigation.state === "loading"}
        loadingContent={<Spinner label={t("picker.loading")} />}
        emptyText={t("picker.empty")}
      />
    </>
  );
}
