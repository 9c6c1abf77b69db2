import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { newQuestionPath } from "../../editor/paths";
import { FieldMessage } from "../../editor/NativeField";
import { Button } from "../../ui/Button";
import { Checkbox } from "../../ui/Checkbox";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { PickPager } from "./PickPager";
import type { StepProps } from "./QuizWizard";
import type { QuestionSummary } from "./setup";
import { SelectedQuestions } from "./SelectedQuestions";
import { DrawsEditor } from "./DrawsEditor";
import { drawnInDraft } from "./draft";
import { usePickList } from "./use-pick-list";

interface Props extends StepProps {
  summaries: Map<number, QuestionSummary>;
  onFound: (questions: QuestionSummary[]) => void;
  onWarn: (text: string) => void;
}

/**
 * Step "Pick Questions" (spec 4, 5, 8). A question-based quiz picks from the bank (its own
 * category and course first; any of the business's, for revision quizzes), a quiz-based one
 * from its source quizzes. Ticking more than totalQuestion, or unticking the last one, is
 * refused with the spec's warnings. The chosen questions keep the order in which they were
 * picked, which can be changed (negative marking counts runs in quiz order).
 */
export function PickQuestionsStep({ draft, update, errors, setup, summaries, onFound, onWarn }: Props) {
  const { t } = useTranslation("quizzes");
  const fromSources = draft.quizType === "quizzes";
  const [place, setPlace] = useState({ category: draft.category, course: draft.course });
  const [typed, setTyped] = useState({ search: "", tag: "" });
  const [filter, setFilter] = useState({ search: "", tag: "" });
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const taken = setup.takenCount > 0;
  // The quiz's total counts what the draws add to every paper (ADR 0077): the rest is left to choose here.
  const limit = Number(draft.totalQuestion) ? Math.max(0, Number(draft.totalQuestion) - drawnInDraft(draft)) : null;

  const query = fromSources
    ? new URLSearchParams({ ids: draft.selectedQuizes.join(","), except: String(setup.quizId ?? ""), r: String(reloads) }).toString()
    : place.category && place.course
      ? new URLSearchParams({ ...place, ...filter, page: String(page), r: String(reloads) }).toString()
      : "";
  const { page: loaded, loading } = usePickList<QuestionSummary>(fromSources ? "sourceQuestions" : "questions", query);

  useEffect(() => {
    if (loaded?.entities) onFound(loaded.entities);
  }, [loaded, onFound]);

  const shown = fromSources && filter.search ? loaded?.entities?.filter((q) => q.questionText.toLowerCase().includes(filter.search.toLowerCase())) : loaded?.entities;
  const courses = setup.entries.find((entry) => entry.category === place.category)?.course ?? [];

  function toggle(question: QuestionSummary, on: boolean) {
    const chosen = draft.selectedQuestions;
    if (on && limit !== null && chosen.length >= limit) return onWarn(t("errors.tooManyQuestions", { n: limit }));
    if (!on && chosen.length === 1 && chosen[0] === question.id && draft.draws.length === 0) return onWarn(t("errors.atLeastOneQuestion"));
    onFound([question]);
    update({ selectedQuestions: on ? [...chosen, question.id] : chosen.filter((id) => id !== question.id) });
  }

  function find(event: FormEvent) {
    event.preventDefault();
    setFilter({ search: typed.search.trim(), tag: typed.tag.trim() });
    setPage(1);
  }

  return (
    <div className="quiz-wizard__fields">
      {taken && <p className="quiz-wizard__note">{t("wizard.takenQuestionsNote")}</p>}
      <SelectedQuestions draft={draft} update={update} summaries={summaries} limit={limit === 0 && draft.draws.length > 0 ? null : limit} disabled={taken} onWarn={onWarn} />
      {errors.selectedQuestions && <FieldMessage id="wizard-questions-error">{errors.selectedQuestions}</FieldMessage>}
      {!fromSources && <DrawsEditor draft={draft} update={update} errors={errors} setup={setup} />}
      {!fromSources && (
        <div className="quiz-wizard__pair">
          <Select
            label={t("wizard.details.category")}
            placeholder={t("wizard.details.chooseCategory")}
            options={setup.entries.map((entry) => ({ id: entry.category, label: entry.category }))}
            selectedKey={place.category || null}
            onSelectionChange={(key) => {
              setPlace({ category: key === null ? "" : String(key), course: "" });
              setPage(1);
            }}
          />
          <Select
            label={t("wizard.details.course")}
            placeholder={place.category ? t("wizard.details.chooseCourse") : t("wizard.details.chooseCategoryFirst")}
            options={courses.map((name) => ({ id: name, label: name }))}
            selectedKey={place.course || null}
            onSelectionChange={(key) => {
              setPlace((now) => ({ ...now, course: key === null ? "" : String(key) }));
              setPage(1);
            }}
            isDisabled={!place.category}
          />
        </div>
      )}
      <form role="search" className="quiz-wizard__search" onSubmit={find} aria-label={t("wizard.pickQuestions.searchLabel")}>
        <TextField label={t("wizard.pickQuestions.search")} type="search" value={typed.search} onChange={(search) => setTyped((now) => ({ ...now, search }))} maxLength={200} />
        {!fromSources && <TextField label={t("wizard.pickQuestions.tag")} type="search" value={typed.tag} onChange={(tag) => setTyped((now) => ({ ...now, tag }))} maxLength={50} />}
        <Button type="submit" variant="secondary">
          {t("pool.apply")}
        </Button>
      </form>
      <div className="quiz-wizard__list-head">
        <h4 className="quiz-wizard__subtitle">{fromSources ? t("wizard.pickQuestions.fromSources") : t("wizard.pickQuestions.fromBank")}</h4>
        {!fromSources && place.category && place.course && (
          <span className="quiz-wizard__links">
            <Link to={newQuestionPath(place.category, place.course)} target="_blank" rel="noopener">
              {t("wizard.pickQuestions.write")}
            </Link>
            <Button size="sm" variant="secondary" onPress={() => setReloads((n) => n + 1)}>
              {t("wizard.pickQuestions.reload")}
            </Button>
          </span>
        )}
      </div>
      {!query && <p className="quiz-wizard__note">{fromSources ? t("wizard.pickQuestions.noSources") : t("wizard.pickQuestions.choosePlace")}</p>}
      {loaded?.message && <FieldMessage id="wizard-pick-failed">{loaded.message}</FieldMessage>}
      {!loaded && loading && <Spinner label={t("wizard.loading")} />}
      {shown && shown.length === 0 && <p className="quiz-wizard__note">{filter.search || filter.tag ? t("wizard.pickQuestions.noMatches") : t("wizard.pickQuestions.empty")}</p>}
      <ul className="quiz-wizard__checklist quiz-wizard__picklist" aria-busy={loading}>
        {shown?.map((question) => (
          <li key={question.id}>
            <Checkbox
              isSelected={draft.selectedQuestions.includes(question.id)}
              isDisabled={taken}
              onChange={(on) => toggle(question, on)}
              description={[t(question.optionType === "checkbox" ? "view.severalAnswers" : "view.oneAnswer"), ...(question.tags ?? [])].join(" · ")}
            >
              {question.questionText}
            </Checkbox>
          </li>
        ))}
      </ul>
      {!fromSources && <PickPager page={page} total={loaded?.totalCount ?? 0} onPage={setPage} />}
    </div>
  );
}
