import { z } from "@hono/zod-openapi";

/** An e-mail as the account forms take it (auth/schemas.ts emailField: zod's e-mail pattern, at most 254 characters), lower-cased. */
export function isAccountEmail(email: string): boolean {
  return email.length <= 254 && z.regexes.email.test(email);
}
