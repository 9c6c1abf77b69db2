import { useEffect, useState } from "react";
import type { Key } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { OverrideEntity } from "../../../api/services/quiz-classes/override-schemas";
import { NativeField } from "../editor/NativeField";
import { useDates } from "../layout/use-dates";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { QuizViewStudentsPanel } from "../ui/PanelTable";
import { StudentName } from "./ExtraTimePanel";
import { Select } from "../ui/Select";
import { TextField } from "../ui/TextField";
import { translateQuizMessage } from "./messages";

interface Candidate {
  userId: number;
  fullname: string;
  email: string;
}

interface Props {
  entities: OverrideEntity[];
  /** The quiz's audience to pick from: its classes' students, or the school's for a quiz set for no class. */
  candidates: Candidate[];
}

/** The form as typed: dates on the pages' clock, numbers as text ("" = not overridden). */
interface OverrideForm {
  userId: Key | null;
  startDate: string;
  endDate: string;
  time: string;
  attemptsAllowed: string;
}

const EMPTY: OverrideForm = { userId: null, startDate: "", endDate: "", time: "", attemptsAllowed: "" };

/**
 * The quiz view's "Overrides" (issue 27 point 2, ADR 0079; Moodle's user overrides), for the
 * quiz's teacher and the owner: each student's own dates, time limit or attempts, added for a
 * student of the quiz's audience, edited and deleted. Dates are typed and shown in the pages'
 * zone, named. An override counts from the student's next start.
 */
export function OverridesPanel({ entities, candidates }: Props) {
  const { t } = useTranslation("quizzes");
  const dates = useDates();
  const save = useFetcher<{ message?: string; code?: string; entity?: OverrideEntity; errors?: Record<string, string>; errorCodes?: Record<string, string> }>();
  const remove = useFetcher<{ message?: string; code?: string }>();
  const [form, setForm] = useState<OverrideForm | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const zoneHint = t("wizard.settings.zoneHint", { zone: dates.timeZone, name: dates.zone() });
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  const say = (answer: { message?: string; code?: string }) => translateQuizMessage(translate, { message: answer.message ?? "", code: answer.code });
  const fieldError = (field: string) => {
    const code = save.data?.errorCodes?.[field];
    return code || save.data?.errors?.[field] ? say({ message: save.data?.errors?.[field], code }) : undefined;
  };

  // Saved: the form closes; the list above is read again by the page.
  useEffect(() => {
    if (save.data?.entity) {
      setForm(null);
      setEditing(null);
    }
  }, [save.data]);

  const seconds = (value: number | null) => (value === null ? t("overrides.asSet") : dates.dateTime(value * 1000));
  const time = (value: number | null) => (value === null ? t("overrides.asSet") : value === -1 ? t("overrides.noLimit") : t("overrides.minutes", { count: value }));
  const edit = (entity: OverrideEntity) => {
    setEditing(entity.fullname);
    setForm({
      userId: entity.userId,
      startDate: entity.startDate === null ? "" : dates.toInput(entity.startDate * 1000),
      endDate: entity.endDate === null ? "" : dates.toInput(entity.endDate * 1000),
      time: entity.time === null ? "" : String(entity.time),
      attemptsAllowed: entity.attemptsAllowed === null ? "" : String(entity.attemptsAllowed),
    });
  };
  const submit = () => {
    if (!form) return;
    const epochSeconds = (text: string) => {
      const ms = text ? dates.fromInput(text) : null;
      return ms === null ? "" : String(Math.floor(ms / 1000));
    };
    save.submit(
      { intent: "override", userId: form.userId === null ? "" : String(form.userId), startDate: epochSeconds(form.startDate), endDate: epochSeconds(form.endDate), time: form.time.trim(), attemptsAllowed: form.attemptsAllowed.trim() },
      { method: "post" },
    );
  };
  const failed = [save.data, remove.data].find((answer) => answer?.message && !("entity" in answer) && answer.code !== "OVERRIDE_DELETED");

  return (
    <QuizViewStudentsPanel
      id="overrides"
      title={t("overrides.title")}
      hint={t("overrides.hint")}
      rows={entities}
      empty={<p>{t("overrides.none")}</p>}
      columns={[
        { key: "student", header: t("overrides.student"), cell: (entity) => <StudentName {...entity} /> },
        { key: "start", header: t("overrides.startDate"), cell: (entity) => seconds(entity.startDate) },
        { key: "end", header: t("overrides.endDate"), cell: (entity) => seconds(entity.endDate) },
        { key: "time", header: t("overrides.time"), cell: (entity) => time(entity.time) },
        { key: "attempts", header: t("overrides.attemptsAllowed"), cell: (entity) => entity.attemptsAllowed ?? t("overrides.asSet") },
        {
          key: "actions",
          header: t("overrides.actions"),
          hiddenHeader: true,
          className: "shell-table__nowrap",
          cell: (entity) => (
            <div className="overrides__actions">
              <Button size="sm" variant="secondary" onPress={() => edit(entity)} aria-label={t("overrides.editFor", { name: entity.fullname })}>
                {t("overrides.edit")}
              </Button>
              <remove.Form method="post">
                <input type="hidden" name="intent" value="deleteOverride" />
                <input type="hidden" name="userId" value={entity.userId} />
                <Button type="submit" size="sm" variant="secondary" aria-label={t("overrides.deleteFor", { name: entity.fullname })}>
                  {t("overrides.delete")}
                </Button>
              </remove.Form>
            </div>
          ),
        },
      ]}
    >
      {failed?.message && (
        <Alert variant="danger" resetKey={failed}>
          {say(failed)}
        </Alert>
      )}
      {save.data?.entity && (
        <Alert variant="success" resetKey={save.data}>
          {t("overrides.saved", { name: save.data.entity.fullname })}
        </Alert>
      )}
      {remove.data?.code === "OVERRIDE_DELETED" && (
        <Alert variant="success" resetKey={remove.data}>
          {t("overrides.deleted")}
        </Alert>
      )}
      {form ? (
        <form
          className="overrides__form"
          aria-labelledby="override-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h3 id="override-form-title" className="overrides__form-title">
            {editing ? t("overrides.editing", { name: editing }) : t("overrides.add")}
          </h3>
          <p className="overrides__hint">{t("overrides.leaveEmpty")}</p>
          {!editing && (
            <Select
              label={t("overrides.chooseStudent")}
              options={candidates.map((candidate) => ({ id: candidate.userId, label: `${candidate.fullname} (${candidate.email})` }))}
              selectedKey={form.userId}
              onSelectionChange={(userId) => setForm({ ...form, userId })}
              errorMessage={fieldError("userId")}
              isInvalid={Boolean(fieldError("userId"))}
              showRequired
            />
          )}
          <div className="overrides__fields">
            <NativeField id="override-start" label={t("overrides.startDate")} description={zoneHint} error={fieldError("startDate")}>
              {(aria) => <input {...aria} type="datetime-local" className="ui-input" value={form.startDate} onChange={(e) => setForm({ ...form, startDate: e.target.value })} />}
            </NativeField>
            <NativeField id="override-end" label={t("overrides.endDate")} description={zoneHint} error={fieldError("endDate")}>
              {(aria) => <input {...aria} type="datetime-local" className="ui-input" value={form.endDate} onChange={(e) => setForm({ ...form, endDate: e.target.value })} />}
            </NativeField>
            <TextField
              label={t("classSettings.time")}
              inputMode="numeric"
              value={form.time}
              onChange={(value) => setForm({ ...form, time: value })}
              description={t("classSettings.timeHint")}
              maxLength={3}
              errorMessage={fieldError("time")}
              isInvalid={Boolean(fieldError("time"))}
            />
            <TextField
              label={t("overrides.attemptsAllowed")}
              inputMode="numeric"
              value={form.attemptsAllowed}
              onChange={(value) => setForm({ ...form, attemptsAllowed: value })}
              maxLength={3}
              errorMessage={fieldError("attemptsAllowed")}
              isInvalid={Boolean(fieldError("attemptsAllowed"))}
            />
          </div>
          <div className="overrides__buttons">
            <Button type="submit" variant="primary" isDisabled={save.state !== "idle" || form.userId === null}>
              {t("overrides.save")}
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                setForm(null);
                setEditing(null);
              }}
            >
              {t("overrides.cancel")}
            </Button>
          </div>
        </form>
      ) : candidates.length === 0 && entities.length === 0 ? (
        <p>{t("overrides.noStudents")}</p>
      ) : (
        <div>
          <Button variant="secondary" onPress={() => setForm(EMPTY)}>
            {t("overrides.add")}
          </Button>
        </div>
      )}
    </QuizViewStudentsPanel>
  );
}
