/**
 * The class verbs' texts, in a module of texts only (the message catalogue,
 * api/services/message-codes.ts, imports it; docs/decisions/0061-codes-and-params.md). Pages say
 * them by code from locales/<lang>/classes.json `codes.<CODE>`.
 */
export const CLASS_MESSAGES = {
  CLASS_CREATED: "Class created",
  CLASS_UPDATED: "Class updated",
  CLASS_DELETED: "Class deleted",
  CLASS_NAME_REQUIRED: "Class name is required",
  CLASS_NAME_LENGTH: "Class name must be {{min}} to {{max}} characters",
  CLASS_CODE_TOO_LONG: "Class code must be at most {{max}} characters",
  CLASS_CODE_TAKEN: "Another class of your school has this code",
  CLASS_TEACHERS_UNKNOWN: "Only teachers of your school can teach a class",
  CLASS_MEMBERS_CHANGED: "Class roster updated: {{added, number}} added, {{removed, number}} removed",
  CLASS_MEMBERS_EMPTY: "Give e-mails to add or students to remove",
  CLASS_MEMBERS_TOO_MANY: "At most {{max, number}} e-mails and {{max, number}} students at a time",
  CLASS_JOIN_CODE_REQUIRED: "Enter the join code your teacher gave you",
  CLASS_JOIN_CODE_UNKNOWN: "No class has this join code. Check it with your teacher",
  CLASS_JOINED: "You joined the class",
  CLASS_ALREADY_JOINED: "You are already in this class",
  CLASS_JOIN_CODE_RENEWED: "New join code made: the old code and link no longer work",
  CLASS_IMPORT_STARTED: "data is being processed",
} as const;

/**
 * Why one e-mail of an add or one row of a roster import changed nothing (the others still
 * go in): codes, worded by locales/<lang>/classes.json `reasons.<code>`.
 */
export const ROSTER_REASONS = [
  "emailInvalid",
  "nameRequired",
  "nameInvalid",
  "noStudentAccount",
  "emailNotAvailable",
  "notAStudent",
  "alreadyInClass",
  "duplicateInFile",
  "notInClass",
  "brokenRow",
] as const;
export type RosterReason = (typeof ROSTER_REASONS)[number];
