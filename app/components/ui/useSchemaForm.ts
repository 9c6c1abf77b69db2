import { type FormEvent, type RefObject, type SyntheticEvent, useCallback, useEffect, useRef, useState } from "react";
import type { ZodType } from "zod";
import { type CodedAnswer, type CodedFields, fieldAnswer } from "../../utils/message-codes";

export type FieldErrors = Record<string, string>;

/** A schema, or a function that loads it (see `useSchemaForm`: zod comes with the first focus). */
export type SchemaSource = ZodType | (() => Promise<ZodType>);

export interface UseSchemaFormOptions {
  /** The same zod schema the server action (and the service verb) validates with, or its loader. */
  schema: SchemaSource;
  /** FormData → the object the schema expects (e.g. a checkbox's "on" → true). */
  toInput?: (formData: FormData) => unknown;
  /**
   * The last action answer's field errors with their codes and values (or a loader's schema
   * check: its messages coded, see `schemaFieldErrors`); a new object replaces what is shown.
   */
  serverErrors?: CodedFields | null;
  /**
   * Turns a message into the user's language: a server answer's field by its code, or a
   * schema check's coded message (`schemaMessage`, read by the page's translator).
   */
  translate?: (message: string | CodedAnswer) => string;
}

/** Spread onto `Form`. */
export interface SchemaFormProps {
  ref: RefObject<HTMLFormElement | null>;
  validationErrors: FieldErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBlur: (event: SyntheticEvent<HTMLFormElement>) => void;
  onChange: (event: SyntheticEvent<HTMLFormElement>) => void;
  onFocus: () => void;
}

export interface SchemaForm {
  formProps: SchemaFormProps;
  /**
   * Checks one field now. For controls whose change emits no DOM change event (react-aria
   * toggles update through their own state), pass the new value(s) in `overrides`: they
   * replace what the form's DOM still holds before React commits.
   */
  validateField: (name: string, overrides?: Record<string, unknown>) => void;
}

/** Every form field as a string (files are not expected in these forms). */
export function formDataToObject(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}

/** The first message per top-level field of a failed parse (empty when it passed). */
export function schemaFieldErrors(schema: ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

const same = (a: FieldErrors, b: FieldErrors) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

const asSent = (message: string | CodedAnswer) => (typeof message === "string" ? message : message.message);

/**
 * Instant client-side messages from the server's own zod schema, merged with the action's
 * field errors, for a `Form` (spread `formProps` onto it):
 * - a field is checked when it loses focus; react-aria checkboxes and radio groups change
 *   through their own state (no DOM change event), so call `validateField(name, { name:
 *   value })` from their `onChange` to check them at once;
 * - submitting checks everything, focuses the first invalid field and stops the request;
 * - a new server answer replaces what is shown; a server error stays until its field is edited.
 * Without JavaScript nothing here runs and the action's errors are rendered on the server.
 * Given a loader instead of a schema, the schema (and zod with it, ~24 KB gzipped) is loaded
 * when a field of the form first gets the focus, not with the page (the login page's weight,
 * docs/performance.md); a field left before it arrives is checked when it does, and a submit
 * before it (no field focused, or a password manager's) waits for it.
 */
export function useSchemaForm({ schema, toInput = formDataToObject, serverErrors, translate = asSent }: UseSchemaFormOptions): SchemaForm {
  const ref = useRef<HTMLFormElement | null>(null);
  // The loaded schema in a ref (read by a submit that waited for it) and in state (re-render).
  const loaded = useRef<ZodType | null>(null);
  const [loadedSchema, setLoadedSchema] = useState<ZodType | null>(null);
  const current = typeof schema === "function" ? loadedSchema : schema;
  const loading = useRef<Promise<ZodType> | null>(null);
  const unchecked = useRef(new Set<string>());
  const serverChecksNext = useRef(false);
  const load = useCallback((): Promise<ZodType> | null => {
    if (typeof schema !== "function") return null;
    loading.current ??= schema().then(
      (found) => {
        loaded.current = found;
        setLoadedSchema(found);
        return found;
      },
      (error: unknown) => {
        // Offline, say: the next focus tries again; the server checks meanwhile.
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }, [schema]);
  const onFocus = useCallback(() => {
    load()?.catch(() => {});
  }, [load]);
  const translateAll = useCallback(
    (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, translate(message)])),
    [translate],
  );
  // The server's field errors, each by its code and values where it has them.
  const translateServer = useCallback(
    (answer: CodedFields | null | undefined) => Object.fromEntries(Object.keys(answer?.errors ?? {}).map((key) => [key, translate(fieldAnswer(answer ?? {}, key))])),
    [translate],
  );
  const [errors, setErrors] = useState<FieldErrors>(() => translateServer(serverErrors));
  // Fields whose shown error came from the server and that were not edited since.
  const serverFields = useRef(new Set(Object.keys(serverErrors?.errors ?? {})));
  // A new action answer replaces the shown errors ("adjust state while rendering" pattern).
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setErrors(translateServer(serverErrors));
    serverFields.current = new Set(Object.keys(serverErrors?.errors ?? {}));
  }

  const check = useCallback(
    (form: HTMLFormElement, overrides?: Record<string, unknown>, using: ZodType | null = current): FieldErrors => {
      if (!using) return {};
      const input = toInput(new FormData(form));
      const merged = overrides && input && typeof input === "object" ? { ...input, ...overrides } : input;
      return translateAll(schemaFieldErrors(using, merged));
    },
    [current, toInput, translateAll],
  );

  // A field left valid as it was keeps the same object; a field left with an error gets a new
  // one even when the message is the same: typing in it hid the message (ui/form-errors.ts) and
  // a new object shows the form's errors again (the others are current: each was checked when
  // it was left).
  const updateField = useCallback(
    (form: HTMLFormElement, name: string, overrides?: Record<string, unknown>) => {
      serverFields.current.delete(name);
      const message = check(form, overrides)[name];
      setErrors((current) => {
        if (!message && !(name in current)) return current;
        const next = { ...current };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [check],
  );

  const onBlur = useCallback(
    (event: SyntheticEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement;
      // Leaving a field whose server error is untouched keeps that error.
      if (!target.name || target.type === "hidden" || serverFields.current.has(target.name)) return;
      // Left before the schema arrived: checked as soon as it does (below).
      if (!current) unchecked.current.add(target.name);
      else updateField(event.currentTarget, target.name);
    },
    [updateField, current],
  );

  useEffect(() => {
    if (!current || !ref.current) return;
    for (const name of unchecked.current) updateField(ref.current, name);
    unchecked.current.clear();
  }, [current, updateField]);

  const onChange = useCallback(
    (event: SyntheticEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement;
      if (!target.name) return;
      serverFields.current.delete(target.name);
      // Boxes and radios have no typing phase: check them at once.
      if (target.type === "checkbox" || target.type === "radio") updateField(event.currentTarget, target.name);
    },
    [updateField],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const schemaNow = typeof schema === "function" ? loaded.current : schema;
      if (serverChecksNext.current) {
        // The schema could not be loaded: the server checks this submit.
        serverChecksNext.current = false;
        return;
      }
      if (!schemaNow) {
        // Submitted before the schema arrived: check with it once it is here, then submit again.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const pending = load();
        if (!pending) return;
        event.preventDefault();
        pending.then(
          () => form.requestSubmit(submitter),
          () => {
            serverChecksNext.current = true;
            form.requestSubmit(submitter);
          },
        );
        return;
      }
      const next = check(form, undefined, schemaNow);
      serverFields.current.clear();
      setErrors((current) => (same(current, next) ? current : next));
      const first = Object.keys(next)[0];
      if (!first) return;
      event.preventDefault();
      const field = form.elements.namedItem(first);
      const element = field instanceof RadioNodeList ? (field[0] as HTMLElement | undefined) : (field as HTMLElement | null);
      element?.focus();
    },
    [check, schema, load],
  );

  const validateField = useCallback(
    (name: string, overrides?: Record<string, unknown>) => {
      // A box ticked or unticked before the schema arrived: checked as soon as it does (the
      // effect above reads the form as it is then), as a field left early is.
      if (!current) {
        unchecked.current.add(name);
        load()?.catch(() => {});
        return;
      }
      if (ref.current) updateField(ref.current, name, overrides);
    },
    [updateField, current, load],
  );

  return { formProps: { ref, validationErrors: errors, onSubmit, onBlur, onChange, onFocus }, validateField };
}
