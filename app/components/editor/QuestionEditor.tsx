import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { CategoryCourse } from "../../../api/services/categories/schemas";
import { QUESTION_LIMITS } from "../../../api/services/questions/schemas";
import { CategoryCourseSelects } from "../bank/CategoryCourseSelects";
import { translateBankErrors, translateBankMessage } from "../bank/messages";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { ButtonLink } from "../ui/ButtonLink";
import { Form } from "../ui/Form";
import { useFormErrors } from "../ui/form-errors";
import { ExplanationField } from "./ExplanationField";
import { ImageUpload } from "./ImageUpload";
import { NativeField } from "./NativeField";
import { OptionsField } from "./OptionsField";
import { isKeyedType } from "../../../api/services/marking/question-types";
import { OPTION_TYPES } from "../../../db/schema/questions";
import { blankKey, draftOf, keyToSend, startingOptions, trueFalseOptions, type KeyDraft } from "./answer-key-draft";
import { KeyForm } from "./key-forms/KeyForm";
import type { EditorValues } from "./question-form";
import { TrueFalseField } from "./TrueFalseField";
import { QuestionPreview } from "./QuestionPreview";
import { TagsField } from "./TagsField";

export interface EditorFailure {
  message: string;
  code?: string;
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
  /** The submitted form, shown again (actionFailure's extra field). */
  question?: EditorValues;
}

interface EditorProps {
  initial: EditorValues;
  failure: EditorFailure | undefined;
  tagSuggestions: string[];
  cancelTo: string;
  used?: boolean;
  /**
   * The business's categories and courses: the question's place is chosen with the bank's
   * pickers and may change (it then moves to that bank). Without them the place is fixed.
   */
  places?: CategoryCourse[];
}

/**
 * Spec 5: the question editor, for a new question and for an edit. A plain form posted to
 * the route's action (createQuestion / updateQuestion); the service's rules answer, and
 * each field shows its own error until it is edited (the shared Form's errors).
 */
export function QuestionEditor(props: EditorProps) {
  const { t } = useTranslation("bank");
  const { failure } = props;
  const errors = useMemo(() => translateBankErrors((key, values) => t(key, values ?? {}), failure) ?? {}, [failure, t]);
  return (
    <Form className="editor" validationErrors={errors}>
      <EditorFields {...props} errors={errors} />
    </Form>
  );
}

/** The editor's fields, inside its Form so that they read its errors. */
function EditorFields({ initial, failure, tagSuggestions, cancelTo, used, places, errors }: EditorProps & { errors: Record<string, string> }) {
  const { t } = useTranslation("bank");
  const saving = useNavigation().state === "submitting";
  // After a refusal the form shows what was sent (with re-signed image previews).
  const start = failure?.question ? { ...initial, ...failure.question } : initial;
  const [questionText, setQuestionText] = useState(start.questionText);
  const [optionType, setOptionType] = useState(start.optionType);
  const [options, setOptions] = useState(start.options);
  // The key of the types without options (decisions.md), as the type's form edits it.
  const [keyDraft, setKeyDraft] = useState<KeyDraft | null>(() => (isKeyedType(start.optionType) ? draftOf(start.optionType, start.answerKey) : null));
  const [defaultMark, setDefaultMark] = useState(String(start.defaultMark ?? 1));
  const [tags, setTags] = useState(start.tags);
  const [place, setPlace] = useState({ category: start.category, course: start.course });
  const [showPreview, setShowPreview] = useState(false);
  const [questionImageUrl, setQuestionImageUrl] = useState(start.questionImageUrl ?? null);

  // Each message shows until its field is edited (the Form's errors, read here for the fields that
  // are not one react-aria field); the tags field has no single input name, so its message stays.
  const { errorOf, clear } = useFormErrors();
  const tagError = Object.entries(errors).find(([field]) => field === "tags" || field.startsWith("tags."))?.[1];
  const general = failure ? translateBankMessage((key, values) => t(key, values ?? {}), failure) : null;

  return (
    <>
      {used && (
        <Alert variant="warning" autoHideMs={null} isDismissable={false}>
          {t("editor.used")}
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" resetKey={failure} autoHideMs={null}>
          {failure.errors ? t("editor.failed") : general}
        </Alert>
      )}
      {places ? (
        <div className="editor__place-fields">
          <CategoryCourseSelects
            entries={places}
            category={place.category}
            course={place.course}
            onChange={(choice) => {
              clear(...(choice.category === place.category ? ["course"] : ["category", "course"]));
              setPlace(choice);
            }}
          />
        </div>
      ) : (
        <>
          <input type="hidden" name="category" value={start.category} />
          <input type="hidden" name="course" value={start.course} />
          <p className="editor__place">
            <span className="editor__place-label">{t("editor.categoryCourse")}</span> {start.category} <span aria-hidden="true">›</span> {start.course}
          </p>
          {(errorOf("category") || errorOf("course")) && <p className="ui-field__error">{errorOf("category") ?? errorOf("course")}</p>}
        </>
      )}

      <NativeField id="questionText" label={t("editor.questionText")} required error={errorOf("questionText")} description={t("editor.questionTextHint")}>
        {(aria) => (
          <textarea
            {...aria}
            name="questionText"
            className="ui-input editor__question"
            rows={3}
            maxLength={QUESTION_LIMITS.questionText}
            value={questionText}
            onChange={(event) => setQuestionText(event.target.value)}
            data-invalid={aria["aria-invalid"]}
          />
        )}
      </NativeField>

      <ImageUpload name="questionImage" label={t("editor.questionImage")} initialKey={start.questionImage} initialUrl={start.questionImageUrl ?? null} error={errorOf("questionImage")} onChange={setQuestionImageUrl} />

      <fieldset className="editor__type">
        <legend className="ui-field__label">{t("editor.optionType")}</legend>
        {OPTION_TYPES.map((type) => (
          <label key={type} className="editor__type-choice">
            <input
              type="radio"
              name="optionType"
              value={type}
              checked={optionType === type}
              onChange={() => {
                // Spec 4: a new answer type starts the options again (and a keyed type its key).
                setOptionType(type);
                setOptions(startingOptions(type));
                setKeyDraft(isKeyedType(type) ? blankKey(type) : null);
              }}
            />
            {t(`list.optionType.${type}`)}
          </label>
        ))}
        <p className="ui-field__description">{t("editor.typeChangeHint")}</p>
        {errorOf("optionType") && <p className="ui-field__error">{errorOf("optionType")}</p>}
      </fieldset>

      {optionType === "radio" || optionType === "checkbox" ? (
        <OptionsField optionType={optionType} options={options} onChange={setOptions} errorOf={errorOf} />
      ) : optionType === "trueFalse" ? (
        <TrueFalseField options={options} onChange={(trueIsRight) => setOptions(trueFalseOptions(trueIsRight))} error={errorOf("options")} />
      ) : (
        keyDraft && (
          <div className="key-form">
            <input type="hidden" name="answerKey" value={JSON.stringify(keyToSend(optionType, keyDraft))} />
            {(errorOf("answerKey") || errorOf("options")) && <p className="ui-field__error">{errorOf("answerKey") ?? errorOf("options")}</p>}
            <KeyForm type={optionType} draft={keyDraft} onChange={setKeyDraft} errorOf={errorOf} onInsertGap={(number) => setQuestionText((text) => `${text} {${number}}`)} />
          </div>
        )
      )}

      <NativeField id="defaultMark" label={t("keyEditor.defaultMark")} error={errorOf("defaultMark")} description={t("keyEditor.defaultMarkHint")}>
        {(aria) => <input {...aria} name="defaultMark" className="ui-input editor__mark" inputMode="decimal" maxLength={10} value={defaultMark} onChange={(event) => setDefaultMark(event.target.value)} data-invalid={aria["aria-invalid"]} />}
      </NativeField>

      <TagsField tags={tags} onChange={setTags} suggestions={tagSuggestions} error={tagError} />

      <ExplanationField initial={start.answerExplaination} />

      <ImageUpload name="image" label={t("editor.explanationImage")} initialKey={start.image} initialUrl={start.imageUrl ?? null} error={errorOf("image")} />

      <div className="editor__actions">
        <ButtonLink to={cancelTo} variant="secondary">
          {t("cancel")}
        </ButtonLink>
        <Button variant="secondary" onPress={() => setShowPreview((shown) => !shown)} aria-expanded={showPreview}>
          {showPreview ? t("editor.hidePreview") : t("editor.preview")}
        </Button>
        <Button type="submit" variant="primary" isPending={saving}>
          {t("editor.save")}
        </Button>
      </div>
      {showPreview && <QuestionPreview questionText={questionText} imageUrl={questionImageUrl} optionType={optionType} options={options} keyDraft={keyDraft} />}
    </>
  );
}
