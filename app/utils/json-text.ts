/**
 * A plain-JSON value sent from a loader as its JSON text (issue 19, docs/performance.md
 * "submit and open the review"). React Router encodes loader data with turbo-stream, which
 * walks every value of it in JavaScript: for a result page's ~1,500 values that walk cost more
 * than reading the result from the database. As text, the server writes it with the engine's
 * own JSON.stringify and the browser reads it with JSON.parse. Only for values that are plain
 * JSON already (no Date, Map, undefined or Promise: turbo-stream keeps those, JSON does not).
 */
export type JsonText<T> = string & { readonly jsonOf?: T };

export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

export const fromJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T;
