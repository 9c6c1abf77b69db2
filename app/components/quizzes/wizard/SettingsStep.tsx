import { useTranslation } from "react-i18next";
import { NativeField } from "../../editor/NativeField";
import { useDates } from "../../layout/use-dates";
import { Checkbox } from "../../ui/Checkbox";
import { RadioGroup } from "../../ui/RadioGroup";
import { TextField } from "../../ui/TextField";
import { QUIZ_STATUSES, QUIZ_TIME_TYPES, SHOW_ANSWER_TIMINGS } from "./draft";
import { fieldError } from "./field-error";
import { PassMarkField } from "./PassMarkField";
import { ClassSettings } from "./ClassSettings";
import type { StepProps } from "./QuizWizard";


/**
 * Step "Quiz Settings" (spec 4, 5, 6). The owner's policy decides which settings exist: a
 * setting the owner does not allow is not offered, and a note says what the quiz gets
 * instead (the server applies the same policy to whatever is sent: owner-policy.ts).
 */
export function SettingsStep({ draft, update, errors, setup }: StepProps) {
  const { t } = useTranslation("quizzes");
  const dates = useDates();
  // The dates are typed on the clock they are shown in everywhere else, named (ADR 0062).
  const zoneHint = t("wizard.settings.zoneHint", { zone: dates.timeZone, name: dates.zone() });
  const { policy } = setup;
  const quizTime = policy.quizTimeSettingAllowed === "Yes";
  const questionTime = quizTime && policy.questionTimeSettingAllowed === "Yes";
  const yesNo = [
    { value: "Yes", label: t("view.yes") },
    { value: "No", label: t("view.no") },
  ];
  const forced = [
    !quizTime && t("wizard.settings.policy.noTime"),
    quizTime && !questionTime && t("wizard.settings.policy.noQuestionTime"),
    policy.negativeMarkingSettingAllowed === "No" && t("wizard.settings.policy.noNegativeMarking"),
    policy.showAnswerSettingAllowed === "No" && t("wizard.settings.policy.showAnswer"),
    policy.passwordQuizSettingAllowed === "No" && t("wizard.settings.policy.noPassword"),
  ].filter(Boolean);

  return (
    <div className="quiz-wizard__fields">
      {forced.length > 0 && (
        <div className="quiz-wizard__policy" role="note">
          <p>{t("wizard.settings.policy.title")}</p>
          <ul>
            {forced.map((line) => (
              <li key={String(line)}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <RadioGroup
        name="status"
        label={t("wizard.settings.status")}
        value={draft.status || null}
        onChange={(status) => update({ status })}
        options={QUIZ_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        inline
        showRequired
        {...fieldError(errors.status)}
      />
      {draft.status === "DateRange" && (
        <div className="quiz-wizard__pair">
          <NativeField id="wizard-start" label={t("wizard.settings.startDate")} description={zoneHint} error={errors.startDate} required>
            {(aria) => <input {...aria} type="datetime-local" name="startDate" className="ui-input" value={draft.startDate} onChange={(e) => update({ startDate: e.target.value })} />}
          </NativeField>
          <NativeField id="wizard-end" label={t("wizard.settings.endDate")} description={zoneHint} error={errors.endDate} required>
            {(aria) => <input {...aria} type="datetime-local" name="endDate" className="ui-input" value={draft.endDate} onChange={(e) => update({ endDate: e.target.value })} />}
          </NativeField>
        </div>
      )}
      {quizTime && (
        <fieldset className="quiz-wizard__group">
          <legend>{t("wizard.settings.timing")}</legend>
          {questionTime && (
            <RadioGroup
              name="quiztimetype"
              label={t("wizard.settings.timeType")}
              value={draft.quiztimetype || null}
              onChange={(quiztimetype) => update({ quiztimetype })}
              options={QUIZ_TIME_TYPES.map((type) => ({ value: type, label: t(`wizard.settings.timeTypes.${type}`) }))}
              inline
              showRequired
              {...fieldError(errors.quiztimetype)}
            />
          )}
          <Checkbox name="noTimeLimit" isSelected={draft.noTimeLimit} onChange={(noTimeLimit) => update({ noTimeLimit, time: draft.time })}>
            {t("wizard.settings.noTimeLimit")}
          </Checkbox>
          {!draft.noTimeLimit && (
            <TextField
              label={draft.quiztimetype === "Question" && questionTime ? t("wizard.settings.timePerQuestion") : t("wizard.settings.time")}
              name="time"
              inputMode="numeric"
              value={draft.time}
              onChange={(time) => update({ time })}
              description={t("wizard.settings.timeHint")}
              maxLength={3}
              showRequired
              {...fieldError(errors.time)}
            />
          )}
        </fieldset>
      )}
      <TextField
        label={t("wizard.settings.attemptsAllowed")}
        name="attemptsAllowed"
        inputMode="numeric"
        value={draft.attemptsAllowed}
        onChange={(attemptsAllowed) => update({ attemptsAllowed })}
        description={t("wizard.settings.attemptsHint")}
        maxLength={3}
        showRequired
        {...fieldError(errors.attemptsAllowed)}
      />
      <div className="quiz-wizard__pair">
        <RadioGroup name="allowSkip" label={t("wizard.settings.allowSkip")} value={draft.allowSkip || null} onChange={(allowSkip) => update({ allowSkip })} options={yesNo} inline showRequired {...fieldError(errors.allowSkip)} />
        <RadioGroup
          name="takeBestScore"
          label={t("wizard.settings.takeBestScore")}
          value={draft.takeBestScore || null}
          onChange={(takeBestScore) => update({ takeBestScore })}
          options={yesNo}
          description={t("wizard.settings.takeBestScoreHint")}
          inline
          showRequired
          {...fieldError(errors.takeBestScore)}
        />
      </div>
      {policy.showAnswerSettingAllowed === "Yes" && (
        <RadioGroup
          name="showAnswerTiming"
          label={t("wizard.settings.showAnswerTiming")}
          value={draft.showAnswerTiming || null}
          onChange={(showAnswerTiming) => update({ showAnswerTiming })}
          options={SHOW_ANSWER_TIMINGS.map((timing) => ({
            value: timing,
            label: t(`answerTimings.${timing}`),
            // ADR 0030: only a quiz with an end date closes; the server refuses it otherwise, with the same words.
            ...(timing === "AfterQuizCloses" && { description: t("wizard.settings.afterQuizClosesHint"), isDisabled: draft.status !== "DateRange" && draft.showAnswerTiming !== timing }),
          }))}
          description={t("wizard.settings.showAnswerTimingHint")}
          {...fieldError(errors.showAnswerTiming)}
        />
      )}
      {policy.negativeMarkingSettingAllowed === "Yes" && (
        <div className="quiz-wizard__pair">
          <RadioGroup
            name="negativeMarking"
            label={t("wizard.settings.negativeMarking")}
            value={draft.negativeMarking || null}
            onChange={(negativeMarking) => update({ negativeMarking })}
            options={yesNo}
            inline
            showRequired
            {...fieldError(errors.negativeMarking)}
          />
          {draft.negativeMarking === "Yes" && (
            <TextField
              label={t("wizard.settings.wrongAnswers")}
              name="consuctiveWrongAnswersForNegativeMarking"
              inputMode="numeric"
              value={draft.consuctiveWrongAnswersForNegativeMarking}
              onChange={(value) => update({ consuctiveWrongAnswersForNegativeMarking: value })}
              description={t("wizard.settings.wrongAnswersHint")}
              maxLength={3}
              showRequired
              {...fieldError(errors.consuctiveWrongAnswersForNegativeMarking)}
            />
          )}
        </div>
      )}
      {policy.passwordQuizSettingAllowed === "Yes" && (
        <TextField
          label={t("wizard.settings.password")}
          name="quizPassword"
          autoComplete="off"
          value={draft.password}
          onChange={(password) => update({ password })}
          description={t("wizard.settings.passwordHint")}
          maxLength={100}
          {...fieldError(errors.password)}
        />
      )}
      <PassMarkField value={draft.passPercentage} onChange={(passPercentage) => update({ passPercentage })} error={errors.passPercentage} />
      <ClassSettings draft={draft} update={update} errors={errors} setup={setup} />
      <Checkbox name="isPremium" isSelected={draft.isPremium} onChange={(isPremium) => update({ isPremium })} description={t("wizard.settings.premiumHint")}>
        {t("wizard.settings.premium")}
      </Checkbox>
    </div>
  );
}
