import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { ClassEntity } from "../../../api/services/classes/schemas";
import type { ActionFailure } from "../../utils/form-answers.server";
import { sayFieldErrors } from "../../utils/message-codes";
import { FieldWithError } from "./FieldWithError";
import { CLASS_CODE_KEYS } from "./messages";

interface ClassDetailsFormProps {
  klass: Pick<ClassEntity, "name" | "code" | "teachers">;
  /** The school's accounts who may teach a class (classTeacherChoices). */
  teacherChoices: { userId: number; fullname: string }[];
  /** The page's last answer; its field refusals show here when it answered this form. */
  answer?: ActionFailure & { ok?: true };
}

/**
 * The class page's details (ADR 0075, POST /api/classes/update's fields): its name, its school
 * code and its teachers, ticked from the school's teachers. Works without JavaScript; a refusal
 * is said on its field and changes nothing.
 */
export function ClassDetailsForm({ klass, teacherChoices, answer }: ClassDetailsFormProps) {
  const { t } = useTranslation(["classes"]);
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok && answer.intent === "update" ? answer : undefined;
  const errors = failed ? sayFieldErrors(t, CLASS_CODE_KEYS, failed) : undefined;
  const teaching = new Set(klass.teachers.map((teacher) => teacher.userId));
  // A saved change shows as saved: the fields start again from the class as it now is.
  const saved = `${klass.name}|${klass.code ?? ""}|${[...teaching].join(",")}`;
  return (
    <section className="classes-details" aria-labelledby="details-title">
      <h2 id="details-title" className="classes-section__title">
        {t("manage.title")}
      </h2>
      <Form method="post" key={saved}>
        <input type="hidden" name="intent" value="update" />
        <div className="classes-create__fields">
          <FieldWithError name="name" label={t("fields.name")} required maxLength={60} defaultValue={failed?.values?.name ?? klass.name} error={errors?.name} />
          <FieldWithError name="code" label={t("fields.code")} hint={t("fields.codeHint")} maxLength={20} defaultValue={failed?.values?.code ?? klass.code ?? ""} error={errors?.code} />
        </div>
        <fieldset className="classes-picker" aria-describedby="teachers-hint">
          <legend className="ui-field__label">{t("fields.teachers")}</legend>
          <p id="teachers-hint" className="ui-field__description">
            {teacherChoices.length === 0 ? t("manage.noTeachers") : t("manage.teachersHint")}
          </p>
          {/* Present when the list was shown: none ticked then means no teachers, not "unchanged". */}
          <input type="hidden" name="teachersShown" value="1" />
          {teacherChoices.map((choice) => (
            <label key={choice.userId} className="classes-picker__row">
              <input type="checkbox" name="teacher" value={choice.userId} defaultChecked={teaching.has(choice.userId)} /> <span>{choice.fullname}</span>
            </label>
          ))}
          {errors?.teachers ? <p className="classes-error">{errors.teachers}</p> : null}
        </fieldset>
        <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={busy}>
          {t("manage.save")}
        </button>
      </Form>
    </section>
  );
}
