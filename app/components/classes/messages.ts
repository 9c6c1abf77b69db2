import type { CodeKeys } from "../../utils/message-codes";

/** The class pages' words for the class verbs' codes (api/services/classes/messages.ts), in locales/<lang>/classes.json. */
export const CLASS_CODE_KEYS: CodeKeys = {
  CLASS_CREATED: "classes:codes.CLASS_CREATED",
  CLASS_UPDATED: "classes:codes.CLASS_UPDATED",
  CLASS_DELETED: "classes:codes.CLASS_DELETED",
  CLASS_NAME_REQUIRED: "classes:codes.CLASS_NAME_REQUIRED",
  CLASS_NAME_LENGTH: "classes:codes.CLASS_NAME_LENGTH",
  CLASS_CODE_TOO_LONG: "classes:codes.CLASS_CODE_TOO_LONG",
  CLASS_CODE_TAKEN: "classes:codes.CLASS_CODE_TAKEN",
  CLASS_TEACHERS_UNKNOWN: "classes:codes.CLASS_TEACHERS_UNKNOWN",
  CLASS_MEMBERS_CHANGED: "classes:codes.CLASS_MEMBERS_CHANGED",
  CLASS_MEMBERS_EMPTY: "classes:codes.CLASS_MEMBERS_EMPTY",
  CLASS_MEMBERS_TOO_MANY: "classes:codes.CLASS_MEMBERS_TOO_MANY",
  CLASS_JOIN_CODE_REQUIRED: "classes:codes.CLASS_JOIN_CODE_REQUIRED",
  CLASS_JOIN_CODE_UNKNOWN: "classes:codes.CLASS_JOIN_CODE_UNKNOWN",
  CLASS_JOINED: "classes:codes.CLASS_JOINED",
  CLASS_ALREADY_JOINED: "classes:codes.CLASS_ALREADY_JOINED",
  CLASS_JOIN_CODE_RENEWED: "classes:codes.CLASS_JOIN_CODE_RENEWED",
  CLASS_IMPORT_STARTED: "classes:codes.CLASS_IMPORT_STARTED",
  TEXT_NOT_ONE_LINE: "classes:codes.TEXT_NOT_ONE_LINE",
  TOO_MANY_ATTEMPTS: "classes:codes.TOO_MANY_ATTEMPTS",
  IMPORT_FILE_EMPTY: "classes:codes.IMPORT_FILE_EMPTY",
  IMPORT_MISSING_COLUMNS: "classes:codes.IMPORT_MISSING_COLUMNS",
  IMPORT_TOO_MANY_ROWS: "classes:codes.IMPORT_TOO_MANY_ROWS",
  FILE_TOO_LARGE: "classes:codes.FILE_TOO_LARGE",
  NOT_FOUND: "classes:codes.NOT_FOUND",
};

/** A join link as a student opens it. */
export const joinPath = (joinCode: string) => `/student/join/${joinCode}`;
/** A join code as people read it: two groups of five. */
export const spacedJoinCode = (joinCode: string) => `${joinCode.slice(0, 5)} ${joinCode.slice(5)}`;
