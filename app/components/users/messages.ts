import type { CodeKeys } from "../../utils/message-codes";

/**
 * The owner's users page: the answers of its two forms (a teacher request decided, a user's
 * type and role level changed) in the owner's language by their code (api/services/message-codes.ts,
 * docs/decisions/0061); the page adds the account's name ({{name}}).
 */
export const USER_CODE_KEYS: CodeKeys = {
  TEACHER_REQUEST_APPROVED: "admin:users.approved",
  TEACHER_REQUEST_REFUSED: "admin:users.refused",
  USER_UPDATED: "admin:users.updated",
  NO_TEACHER_REQUEST: "admin:users.noRequest",
  OWNER_ACCOUNT_FIXED: "admin:users.ownerFixed",
  USER_TYPE_INVALID: "admin:users.userTypeInvalid",
  USER_ROLE_LEVEL_INVALID: "admin:users.roleLevelInvalid",
};
