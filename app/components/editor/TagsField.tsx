import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QUESTION_LIMITS } from "../../../api/services/questions/schemas";
import { Button } from "../ui/Button";
import { FieldMessage } from "./NativeField";

/**
 * Up to six tags as chips (spec 5). Each chip is a hidden input `tags`, so the list submits
 * as is; the business's tags are offered through a native datalist.
 */
export function TagsField({
  tags,
  onChange,
  suggestions,
  error,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  error?: string;
}) {
  const { t } = useTranslation("bank");
  const [draft, setDraft] = useState("");
  const listId = useId();
  const full = tags.length >= QUESTION_LIMITS.maxTags;
  const add = () => {
    const tag = draft.trim();
    setDraft("");
    if (!tag || full || tags.some((known) => known.toLowerCase() === tag.toLowerCase())) return;
    onChange([...tags, tag.slice(0, QUESTION_LIMITS.tagLength)]);
  };
  const offered = suggestions.filter((name) => !tags.some((tag) => tag.toLowerCase() === name.toLowerCase()));

  return (
    <div className="ui-field editor-tags" data-invalid={error ? true : undefined}>
      <label className="ui-field__label" htmlFor="tag-draft">
        {t("editor.tags")}
      </label>
      <ul className="bank-tags editor-tags__chips" aria-label={t("editor.tags")}>
        {tags.map((tag) => (
          <li key={tag} className="bank-tags__tag editor-tags__chip">
            <input type="hidden" name="tags" value={tag} />
            {tag}
            <Button variant="ghost" size="sm" aria-label={t("editor.removeTag", { tag })} onPress={() => onChange(tags.filter((known) => known !== tag))}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <div className="editor-tags__add">
        <input
          id="tag-draft"
          className="ui-input"
          list={listId}
          value={draft}
          maxLength={QUESTION_LIMITS.tagLength}
          disabled={full}
          placeholder={t("editor.tagInput")}
          aria-describedby={error ? "tags-error tags-hint" : "tags-hint"}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the tag instead of submitting the whole question.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <datalist id={listId}>
          {offered.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button variant="secondary" size="sm" isDisabled={full} onPress={add}>
          {t("editor.addTag")}
        </Button>
      </div>
      <p id="tags-hint" className="ui-field__description">
        {t("editor.tagsHint")}
      </p>
      {error && <FieldMessage id="tags-error">{error}</FieldMessage>}
    </div>
  );
}
