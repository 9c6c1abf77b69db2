import type { ReactNode } from "react";
import { Button } from "../../ui/Button";
import { FieldMessage } from "../NativeField";

/** A field's server error by its path in the body (`answerKey.pairs.1.stem`), already translated. */
export type ErrorOf = (path: string) => string | undefined;

const idOf = (path: string) => `field-${path.replace(/\./g, "-")}`;

/**
 * One labelled input of a key form. Its `name` is its path in the body, so the editor's Form
 * drops the field's server error as soon as it is edited (ui/form-errors.ts); the key itself is
 * sent as one JSON field (the inputs' own values are not read by the action).
 */
export function KeyInput({
  path,
  label,
  value,
  onChange,
  errorOf,
  number,
  maxLength = 500,
  multiline,
}: {
  path: string;
  label: string;
  value: string | number | undefined;
  onChange: (value: string) => void;
  errorOf: ErrorOf;
  /** A number: the decimal keyboard on phones, a narrow box. */
  number?: boolean;
  maxLength?: number;
  multiline?: boolean;
}) {
  const id = idOf(path);
  const error = errorOf(path);
  const aria = { id, name: path, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined, "data-invalid": error ? true : undefined } as const;
  return (
    <div className={number ? "key-field key-field--number" : "key-field"}>
      <label className="key-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...aria} className="ui-input key-field__area" rows={3} maxLength={maxLength} value={value ?? ""} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...aria} className="ui-input" inputMode={number ? "decimal" : undefined} maxLength={number ? 30 : maxLength} value={value ?? ""} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
    </div>
  );
}

/** A labelled checkbox of a key form (case rule, unit required). */
export function KeyCheckbox({ path, label, checked, onChange }: { path: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="editor__type-choice">
      <input type="checkbox" name={path} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * A list of rows a key is made of (accepted answers, pairs, items, gaps…): a fieldset with its
 * legend, each row's fields and its remove button (and, for an order, move buttons), the list's
 * own error, and an add button. Every button is named for its row ("Remove answer 2").
 */
export function RowList<T>({
  path,
  legend,
  hint,
  rows,
  onChange,
  newRow,
  min = 0,
  max,
  errorOf,
  addLabel,
  removeLabel,
  moveLabels,
  children,
}: {
  path: string;
  legend: string;
  hint?: ReactNode;
  rows: T[];
  onChange: (rows: T[]) => void;
  newRow: () => T;
  min?: number;
  max: number;
  errorOf: ErrorOf;
  addLabel: string;
  removeLabel: (number: number) => string;
  moveLabels?: { up: (number: number) => string; down: (number: number) => string };
  children: (row: T, index: number, set: (row: T) => void) => ReactNode;
}) {
  const id = idOf(path);
  const error = errorOf(path);
  const set = (index: number) => (row: T) => onChange(rows.map((old, i) => (i === index ? row : old)));
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    onChange(next);
  };
  return (
    <fieldset className="key-list" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className="ui-field__label">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="ui-field__description">
          {hint}
        </p>
      )}
      <ol className="key-list__rows">
        {rows.map((row, index) => (
          <li key={index} className="key-row">
            <div className="key-row__fields">{children(row, index, set(index))}</div>
            <div className="key-row__actions">
              {moveLabels && (
                <>
                  <Button variant="ghost" size="sm" aria-label={moveLabels.up(index + 1)} isDisabled={index === 0} onPress={() => move(index, index - 1)}>
                    ↑
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={moveLabels.down(index + 1)} isDisabled={index === rows.length - 1} onPress={() => move(index, index + 1)}>
                    ↓
                  </Button>
                </>
              )}
              <Button variant="ghost" size="sm" aria-label={removeLabel(index + 1)} isDisabled={rows.length <= min} onPress={() => onChange(rows.filter((_, i) => i !== index))}>
                ✕
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
      <Button variant="secondary" size="sm" isDisabled={rows.length >= max} onPress={() => onChange([...rows, newRow()])}>
        {addLabel}
      </Button>
    </fieldset>
  );
}
