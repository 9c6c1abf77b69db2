/**
 * The texts of a user's own account verbs, in a module of texts only: the message catalogue
 * (api/services/message-codes.ts) reads them, the verbs say them by code (`say`), so no import
 * cycle reaches the catalogue half-loaded (docs/decisions/0061-codes-and-params.md).
 */

/** A username another account of the business has, in any case (users/username.ts; docs/decisions/0060). */
export const USERNAME_TAKEN = "This username is already used by another account of your school";

/** The profile form's answer (docs/decisions/0046). */
export const PERSONAL_INFORMATION_UPDATED = "Your personal information has been updated";
