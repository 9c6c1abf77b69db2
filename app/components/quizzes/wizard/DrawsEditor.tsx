import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage } from "../../editor/NativeField";
import { Button } from "../../ui/Button";
import { Select } from "../../ui/Select";
import { Switch } from "../../ui/Switch";
import { TextField } from "../../ui/TextField";
import { type DraftDraw, drawPayload } from "./draft";
import type { StepProps } from "./QuizWizard";
import { useListFocus } from "./use-list-focus";
import { usePickList } from "./use-pick-list";

/** As many draws as the server takes (api/services/quizzes/schemas.ts MAX_DRAWS). */
const MAX_DRAWS = 10;
/** The wizard asks for "N available" once the teacher has stopped changing the draws for this long. */
const AVAILABLE_DELAY_MS = 400;
/** The choice "any course" / "any tag" (sent as none). */
const ANY = "*any*";
const keyOf = (name: string) => name || ANY;
const nameOf = (key: unknown) => (key === null || key === ANY ? "" : String(key));

/**
 * The draws of a question-based quiz (decisions.md "Papers", ADR 0077) and the shuffle of
 * question order, on the question step: per draw a category, course and tag of the bank and a
 * count, with how many of its part's questions are sure to be left for it (the server counts
 * them as the save will, quiz-pick.ts "drawsAvailable"). A taken quiz shows them, fixed.
 */
export function DrawsEditor({ draft, update, errors, setup }: StepProps) {
  const { t } = useTranslation("quizzes");
  const taken = setup.takenCount > 0;
  const { page: tagPage } = usePickList<string>("tags", "all=1");
  const available = useAvailable(draft.draws, draft.selectedQuestions);
  const { groupRef, focusItem } = useListFocus();
  const drawErrors = Object.entries(errors).filter(([field]) => field === "draws" || field.startsWith("draws."));

  const change = (index: number, patch: Partial<DraftDraw>) => update({ draws: draft.draws.map((draw, i) => (i === index ? { ...draw, ...patch } : draw)) });
  const add = () => {
    update({ draws: [...draft.draws, { category: draft.category, course: "", tag: "", count: "1" }] });
    focusItem(draft.draws.length);
  };
  const remove = (index: number) => {
    update({ draws: draft.draws.filter((_, i) => i !== index) });
    focusItem(index);
  };
  const anyOption = (label: string) => ({ id: ANY, label });

  return (
    <fieldset ref={groupRef} className="quiz-wizard__group quiz-draws">
      <legend>{t("draws.title")}</legend>
      <p className="quiz-wizard__note">{t("draws.intro")}</p>
      {draft.draws.length === 0 && <p className="quiz-wizard__note">{t("draws.none")}</p>}
      <ol className="quiz-draws__list">
        {draft.draws.map((draw, index) => {
          const courses = setup.entries.find((entry) => entry.category === draw.category)?.course ?? [];
          return (
            <li key={index} className="quiz-draws__item" data-list-item aria-label={t("draws.number", { n: index + 1 })}>
              <div className="quiz-draws__fields">
                <Select
                  label={t("draws.category")}
                  options={setup.entries.map((entry) => ({ id: entry.category, label: entry.category }))}
                  selectedKey={draw.category || null}
                  onSelectionChange={(key) => change(index, { category: key === null ? "" : String(key), course: "" })}
                  isDisabled={taken}
                />
                <Select
                  label={t("draws.course")}
                  options={[anyOption(t("draws.anyCourse")), ...courses.map((name) => ({ id: name, label: name }))]}
                  selectedKey={keyOf(draw.course)}
                  onSelectionChange={(key) => change(index, { course: nameOf(key) })}
                  isDisabled={taken || !draw.category}
                />
                <Select
                  label={t("draws.tag")}
                  options={[anyOption(t("draws.anyTag")), ...(tagPage?.entities ?? []).map((name) => ({ id: name, label: name }))]}
                  selectedKey={keyOf(draw.tag)}
                  onSelectionChange={(key) => change(index, { tag: nameOf(key) })}
                  isDisabled={taken}
                />
                <TextField
                  label={t("draws.count")}
                  type="number"
                  inputMode="numeric"
                  value={draw.count}
                  onChange={(count) => change(index, { count })}
                  isDisabled={taken}
                  description={available.counts?.[index] === undefined ? undefined : t("draws.available", { count: available.counts[index] })}
                />
              </div>
              {!taken && (
                <Button size="sm" variant="secondary" onPress={() => remove(index)}>
                  {t("draws.remove", { n: index + 1 })}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {available.loading && <p className="quiz-wizard__note" aria-live="polite">{t("draws.checking")}</p>}
      {drawErrors.map(([field, message]) => (
        <FieldMessage key={field} id={`wizard-${field.replace(/\./g, "-")}-error`}>
          {message}
        </FieldMessage>
      ))}
      {!taken && draft.draws.length < MAX_DRAWS && (
        <div data-list-add>
          <Button size="sm" variant="secondary" onPress={add}>
            {t("draws.add")}
          </Button>
        </div>
      )}
      <Switch isSelected={draft.shuffleQuestions === "Yes"} onChange={(on) => update({ shuffleQuestions: on ? "Yes" : "No" })}>
        {t("draws.shuffle")}
      </Switch>
      <p className="quiz-wizard__note">{t("draws.shuffleHelp")}</p>
    </fieldset>
  );
}

/** Each draw's "N available", asked again a moment after the draws or the chosen questions change. */
function useAvailable(draws: DraftDraw[], selected: number[]) {
  const wanted = draws.filter((draw) => draw.category).length === draws.length && draws.length > 0 ? new URLSearchParams({ draws: JSON.stringify(draws.map(drawPayload).map((draw) => ({ ...draw, count: Math.max(1, Number.parseInt(draw.count, 10) || 1) }))), selected: selected.join(",") }).toString() : "";
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(wanted), AVAILABLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const { page, loading } = usePickList<number>("drawsAvailable", query);
  return { counts: query && query === wanted ? page?.entities : undefined, loading };
}
