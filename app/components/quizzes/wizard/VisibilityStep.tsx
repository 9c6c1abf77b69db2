import { useTranslation } from "react-i18next";
import type { Lookup } from "../../../../api/services/lookups/list-profiles-and-departments";
import { FieldMessage } from "../../editor/NativeField";
import { Checkbox } from "../../ui/Checkbox";
import type { StepProps } from "./QuizWizard";

/**
 * Step "Visibility" (spec 2.5 Accessibility Settings): which profiles and departments may
 * see the quiz. Nothing ticked in a list means everyone (the spec's lists restrict access).
 */
export function VisibilityStep({ draft, update, errors, setup }: StepProps) {
  const { t } = useTranslation("quizzes");
  return (
    <div className="quiz-wizard__fields">
      <p className="quiz-wizard__note">{t("wizard.visibility.hint")}</p>
      <div className="quiz-wizard__pair">
        <IdChecklist id="wizard-profiles" legend={t("wizard.visibility.profiles")} items={setup.profiles} chosen={draft.profile} onChange={(profile) => update({ profile })} error={errors.profile} />
        <IdChecklist
          id="wizard-departments"
          legend={t("wizard.visibility.departments")}
          items={setup.departments}
          chosen={draft.department}
          onChange={(department) => update({ department })}
          error={errors.department}
        />
      </div>
    </div>
  );
}

function IdChecklist({ id, legend, items, chosen, onChange, error }: { id: string; legend: string; items: Lookup[]; chosen: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const { t } = useTranslation("quizzes");
  return (
    <fieldset className="quiz-wizard__group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <p className="quiz-wizard__count">{chosen.length === 0 ? t("wizard.visibility.everyone") : t("wizard.visibility.chosen", { count: chosen.length })}</p>
      {items.length === 0 && <p className="quiz-wizard__note">{t("wizard.visibility.none")}</p>}
      <ul className="quiz-wizard__checklist">
        {items.map((item) => (
          <li key={item.id}>
            <Checkbox isSelected={chosen.includes(item.id)} onChange={(on) => onChange(on ? [...chosen, item.id] : chosen.filter((x) => x !== item.id))}>
              {item.Name}
            </Checkbox>
          </li>
        ))}
      </ul>
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
    </fieldset>
  );
}
