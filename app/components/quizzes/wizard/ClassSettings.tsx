import { useState } from "react";
import type { Key } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { FieldMessage, NativeField } from "../../editor/NativeField";
import { useDates } from "../../layout/use-dates";
import { Button } from "../../ui/Button";
import { Select } from "../../ui/Select";
import { TextField } from "../../ui/TextField";
import type { DraftClass } from "./draft";
import { fieldError } from "./field-error";
import type { StepProps } from "./QuizWizard";
import { useListFocus } from "./use-list-focus";

/** As many classes as the server takes (api/services/quizzes/schemas.ts MAX_QUIZ_CLASSES). */
const MAX_CLASSES = 50;

/**
 * The settings step's "Classes" part (issue 27 point 2, ADR 0079): the classes the quiz is set
 * for, each with its own optional dates, time limit, attempts and password (empty: the quiz's).
 * Dates are typed on the clock the pages show, the zone named, like the quiz's own dates. A class
 * already on the quiz that the author does not teach (the owner set it) stays listed.
 */
export function ClassSettings({ draft, update, errors, setup }: StepProps) {
  const { t } = useTranslation("quizzes");
  const dates = useDates();
  const zoneHint = t("wizard.settings.zoneHint", { zone: dates.timeZone, name: dates.zone() });
  const [chosen, setChosen] = useState<Key | null>(null);
  const listed = new Set(draft.classes.map((set) => set.classId));
  const choices = setup.classes.filter((option) => !listed.has(option.id));
  const { groupRef, focusItem } = useListFocus();
  const listErrors = Object.entries(errors).filter(([field]) => field === "classes");
  const errorOf = (index: number, field: keyof DraftClass) => errors[`classes.${index}.${field}`];

  const change = (index: number, patch: Partial<DraftClass>) => update({ classes: draft.classes.map((set, i) => (i === index ? { ...set, ...patch } : set)) });
  const remove = (index: number) => {
    update({ classes: draft.classes.filter((_, i) => i !== index) });
    focusItem(index);
  };
  const add = () => {
    const option = choices.find((choice) => String(choice.id) === String(chosen));
    if (!option) return;
    update({ classes: [...draft.classes, { classId: option.id, name: option.name, startDate: "", endDate: "", time: "", attemptsAllowed: "", password: "" }] });
    setChosen(null);
    focusItem(draft.classes.length);
  };

  return (
    <fieldset ref={groupRef} className="quiz-wizard__group class-settings">
      <legend>{t("classSettings.title")}</legend>
      <p className="quiz-wizard__note">{t("classSettings.intro")}</p>
      {draft.classes.length === 0 && <p className="quiz-wizard__note">{t("classSettings.none")}</p>}
      <ul className="class-settings__list">
        {draft.classes.map((set, index) => {
          const id = `wizard-class-${set.classId}`;
          return (
            <li key={set.classId} className="class-settings__item" data-list-item>
              <fieldset className="class-settings__class">
                <legend className="class-settings__name">{t("classSettings.settingsOf", { name: set.name })}</legend>
                <div className="class-settings__fields">
                  <NativeField id={`${id}-start`} label={t("classSettings.startDate")} description={zoneHint} error={errorOf(index, "startDate")}>
                    {(aria) => <input {...aria} type="datetime-local" className="ui-input" value={set.startDate} onChange={(e) => change(index, { startDate: e.target.value })} />}
                  </NativeField>
                  <NativeField id={`${id}-end`} label={t("classSettings.endDate")} description={zoneHint} error={errorOf(index, "endDate")}>
                    {(aria) => <input {...aria} type="datetime-local" className="ui-input" value={set.endDate} onChange={(e) => change(index, { endDate: e.target.value })} />}
                  </NativeField>
                  <TextField
                    label={t("classSettings.time")}
                    inputMode="numeric"
                    value={set.time}
                    onChange={(time) => change(index, { time })}
                    description={`${t("classSettings.timeHint")} ${t("classSettings.inherit")}`}
                    maxLength={3}
                    {...fieldError(errorOf(index, "time"))}
                  />
                  <TextField
                    label={t("classSettings.attemptsAllowed")}
                    inputMode="numeric"
                    value={set.attemptsAllowed}
                    onChange={(attemptsAllowed) => change(index, { attemptsAllowed })}
                    description={t("classSettings.inherit")}
                    maxLength={3}
                    {...fieldError(errorOf(index, "attemptsAllowed"))}
                  />
                  <TextField
                    label={t("classSettings.password")}
                    autoComplete="off"
                    value={set.password}
                    onChange={(password) => change(index, { password })}
                    description={t("classSettings.inherit")}
                    maxLength={100}
                    {...fieldError(errorOf(index, "password"))}
                  />
                </div>
                <Button size="sm" variant="secondary" onPress={() => remove(index)}>
                  {t("classSettings.remove", { name: set.name })}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      {listErrors.map(([field, message]) => (
        <FieldMessage key={field} id={`wizard-${field}-error`}>
          {message}
        </FieldMessage>
      ))}
      {setup.classes.length === 0 && draft.classes.length === 0 ? (
        <p className="quiz-wizard__note">{t("classSettings.noClasses")}</p>
      ) : (
        choices.length > 0 &&
        draft.classes.length < MAX_CLASSES && (
          <div className="class-settings__add" data-list-add>
            <Select label={t("classSettings.class")} options={choices.map((choice) => ({ id: choice.id, label: choice.name }))} selectedKey={chosen} onSelectionChange={setChosen} />
            <Button size="sm" variant="secondary" onPress={add} isDisabled={chosen === null}>
              {t("classSettings.add")}
            </Button>
          </div>
        )
      )}
    </fieldset>
  );
}
