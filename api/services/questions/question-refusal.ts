import { schemaText } from "../core/coded";
import { type FieldSayings, Invalid } from "../core/errors";

/**
 * validateQuestion's field errors as the refusal the question verbs throw: each rule said by
 * code (and values) where its schema said it so (core/coded.ts), so the editor's page words it
 * in the author's language from `errorCodes`, as the API's own validation does for its body.
 */
export function questionRefusal(errors: Record<string, string>): Invalid {
  const sayings: FieldSayings = {};
  for (const [field, raw] of Object.entries(errors)) {
    const { message, coded } = schemaText(raw);
    sayings[field] = coded ? { ...coded, message } : message;
  }
  return new Invalid(Object.values(sayings)[0], sayings);
}
