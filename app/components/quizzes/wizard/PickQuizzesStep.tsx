import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage } from "../../editor/NativeField";
import { Button } from "../../ui/Button";
import { Checkbox } from "../../ui/Checkbox";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import type { StepProps } from "./QuizWizard";
import { PickPager } from "./PickPager";
import { usePickList } from "./use-pick-list";

interface SourceQuiz {
  id: number;
  quizName: string;
  category: string;
  course: string;
  questionsCount: number;
  isSelf: boolean;
}

/**
 * Step "Pick Quizes" (quiz-based only): the quizzes whose questions this one draws from.
 * Spec 5: the list must keep at least one quiz ('one quiz should remain').
 */
export function PickQuizzesStep({ draft, update, errors, setup, onWarn }: StepProps & { onWarn: (text: string) => void }) {
  const { t } = useTranslation("quizzes");
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState(1);
  const [names, setNames] = useState(() => new Map(setup.sourceNames.map((q) => [q.id, q.quizName])));
  const query = new URLSearchParams({ search, page: String(page), except: String(setup.quizId ?? "") }).toString();
  const { page: loaded, loading } = usePickList<SourceQuiz>("quizzes", query);
  const taken = setup.takenCount > 0;

  function toggle(quiz: SourceQuiz, on: boolean) {
    if (!on && draft.selectedQuizes.length === 1 && draft.selectedQuizes[0] === quiz.id) {
      onWarn(t("errors.oneQuizShouldRemain"));
      return;
    }
    setNames((now) => new Map(now).set(quiz.id, quiz.quizName));
    update({ selectedQuizes: on ? [...draft.selectedQuizes, quiz.id] : draft.selectedQuizes.filter((id) => id !== quiz.id) });
  }

  function find(event: FormEvent) {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  }

  return (
    <div className="quiz-wizard__fields">
      {taken && <p className="quiz-wizard__note">{t("wizard.takenQuestionsNote")}</p>}
      <p className="quiz-wizard__count" aria-live="polite">
        {t("wizard.pickQuizzes.chosen", { count: draft.selectedQuizes.length })}
        {draft.selectedQuizes.length > 0 && `: ${draft.selectedQuizes.map((id) => names.get(id) ?? `#${id}`).join(", ")}`}
      </p>
      <form role="search" className="quiz-wizard__search" onSubmit={find} aria-label={t("wizard.pickQuizzes.searchLabel")}>
        <TextField label={t("wizard.pickQuizzes.search")} type="search" value={typed} onChange={setTyped} maxLength={200} />
        <Button type="submit" variant="secondary">
          {t("pool.apply")}
        </Button>
      </form>
      {loaded?.message && <FieldMessage id="wizard-quizzes-failed">{loaded.message}</FieldMessage>}
      {!loaded && loading && <Spinner label={t("wizard.loading")} />}
      {loaded?.entities && loaded.entities.length === 0 && <p className="quiz-wizard__note">{search ? t("pool.noMatches") : t("wizard.pickQuizzes.empty")}</p>}
      <ul className="quiz-wizard__checklist quiz-wizard__picklist" aria-busy={loading}>
        {loaded?.entities?.map((quiz) => (
          <li key={quiz.id}>
            <Checkbox
              isSelected={draft.selectedQuizes.includes(quiz.id)}
              isDisabled={quiz.isSelf || taken}
              onChange={(on) => toggle(quiz, on)}
              description={`${quiz.category} / ${quiz.course} · ${t("wizard.questionCount", { count: quiz.questionsCount })}`}
            >
              {quiz.quizName}
            </Checkbox>
          </li>
        ))}
      </ul>
      <PickPager page={page} total={loaded?.totalCount ?? 0} onPage={setPage} />
      {errors.selectedQuizes && <FieldMessage id="wizard-quizzes-error">{errors.selectedQuizes}</FieldMessage>}
    </div>
  );
}
