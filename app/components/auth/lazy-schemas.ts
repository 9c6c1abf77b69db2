/**
 * The shared input schemas of the account forms (api/services/auth/schemas.ts), loaded when a
 * form is first focused (`useSchemaForm` takes the loader): with them comes zod, ~24 KB
 * gzipped, which the login page no longer downloads before it can be used (docs/performance.md
 * "Exam page weight"). The server's actions import the schemas directly.
 */
type Schemas = typeof import("../../../api/services/auth/schemas");

export function authSchema<K extends keyof Schemas>(name: K): () => Promise<Schemas[K]> {
  return () => import("../../../api/services/auth/schemas").then((schemas) => schemas[name]);
}
