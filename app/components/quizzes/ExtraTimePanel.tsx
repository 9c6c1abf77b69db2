import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ExtraTimeEntity } from "../../../api/services/extra-time/schemas";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { QuizViewStudentsPanel } from "../ui/PanelTable";
import { Select } from "../ui/Select";
import { TextField } from "../ui/TextField";
import { translateQuizMessage } from "./messages";

/** The factors offered (decisions.md "Extra time": 1 to 3); the API takes any in between. */
export const EXTRA_TIME_FACTORS = [1.25, 1.5, 1.75, 2, 2.5, 3] as const;

interface Props {
  entities: ExtraTimeEntity[];
  /** The quiz's teacher or the owner: the only ones who may change it (the server checks too). */
  canChange: boolean;
}

/**
 * Extra time on the quiz's view page (issue 8 item 8): who has it and by how much; the quiz's
 * teacher or the owner gives a student of the school a factor by their e-mail, or takes it
 * away. It counts from the student's next start.
 */
export function ExtraTimePanel({ entities, canChange }: Props) {
  const { t } = useTranslation("quizzes");
  const give = useFetcher<{ message?: string; code?: string; entity?: ExtraTimeEntity }>();
  const remove = useFetcher<{ message?: string; code?: string }>();
  const percent = (factor: number) => t("extraTime.factorValue", { percent: Math.round((factor - 1) * 100) });
  const form = useRef<HTMLFormElement>(null);
  // Given: the form is empty again for the next student.
  useEffect(() => {
    if (give.data?.entity) form.current?.reset();
  }, [give.data]);
  const failed = [give.data, remove.data].find((answer) => answer?.message && !("entity" in answer));
  return (
    <QuizViewStudentsPanel
      id="extra-time"
      title={t("extraTime.title")}
      hint={t("extraTime.hint")}
      rows={entities}
      empty={<p>{t("extraTime.none")}</p>}
      columns={[
        { key: "student", header: t("extraTime.student"), cell: (entity) => <StudentName {...entity} /> },
        { key: "factor", header: t("extraTime.factor"), cell: (entity) => percent(entity.factor) },
        canChange && {
          key: "actions",
          header: t("extraTime.actions"),
          hiddenHeader: true,
          className: "shell-table__nowrap",
          cell: (entity) => (
            <remove.Form method="post">
              <input type="hidden" name="intent" value="extraTime" />
              <input type="hidden" name="userId" value={entity.userId} />
              <input type="hidden" name="factor" value="1" />
              <Button type="submit" size="sm" variant="secondary" aria-label={t("extraTime.removeFor", { name: entity.fullname })}>
                {t("extraTime.remove")}
              </Button>
            </remove.Form>
          ),
        },
      ]}
    >
      {failed?.message && (
        <Alert variant="danger" resetKey={failed}>
          {translateQuizMessage((key, values) => t(key, values ?? {}), { message: failed.message, code: failed.code })}
        </Alert>
      )}
      {give.data?.entity && (
        <Alert variant="success" resetKey={give.data}>
          {t("extraTime.saved", { name: give.data.entity.fullname })}
        </Alert>
      )}
      {canChange && (
        <give.Form method="post" className="extra-time__form" ref={form}>
          <input type="hidden" name="intent" value="extraTime" />
          <TextField label={t("extraTime.email")} name="email" type="email" isRequired autoComplete="off" />
          <Select
            label={t("extraTime.factor")}
            name="factor"
            defaultSelectedKey="1.5"
            options={EXTRA_TIME_FACTORS.map((factor) => ({ id: String(factor), label: percent(factor) }))}
          />
          <Button type="submit" variant="primary" isDisabled={give.state !== "idle"}>
            {t("extraTime.give")}
          </Button>
        </give.Form>
      )}
    </QuizViewStudentsPanel>
  );
}

/** A student of the panels' tables: their name, and their e-mail to tell two of the same name apart. */
export function StudentName({ fullname, email }: { fullname: string; email: string }) {
  return (
    <>
      {fullname} <span className="extra-time__email">{email}</span>
    </>
  );
}
