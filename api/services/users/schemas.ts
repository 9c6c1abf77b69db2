import { z } from "@hono/zod-openapi";
import { TEACHER_REQUESTS } from "../../../db/schema/users";
import { roleLevelField } from "../admin-settings/schemas";
import { listQuery } from "../listing/list-query";
import { REFUSALS } from "../core/refusals";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";

/** The owner's list of the business's accounts (docs/decisions/0029), pending teacher requests first by filter. */
export const USER_SORT_FIELDS = ["fullname", "email", "userType", "role_level", "createdAt"] as const;

export const UserListQuery = listQuery({
  filter: z.object({
    teacherRequest: z.enum(TEACHER_REQUESTS, { error: "teacherRequest must be pending or refused" }).optional(),
    search: z.string({ error: "search must be text" }).trim().max(100, "search must be at most 100 characters").optional(),
  }),
  sortFields: USER_SORT_FIELDS,
  defaultSortField: "createdAt",
  defaultSortOrder: "desc",
});

const userId = z.coerce.number({ error: "userId must be a number" }).int("userId must be a whole number").positive("userId must be a whole number");

export const TEACHER_REQUEST_DECISIONS = ["Approve", "Refuse"] as const;
export const TeacherRequestDecision = z.object(
  {
    userId,
    decision: z.enum(TEACHER_REQUEST_DECISIONS, { error: "decision must be Approve or Refuse" }),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const ROLE_LEVEL_INVALID = "Role level must be a whole number from 0 to 8";
export const USER_TYPE_INVALID = "User type must be Student or Teacher";
export const UserRoleUpdate = z.object(
  {
    userId,
    userType: z.enum(["Student", "Teacher"], { error: schemaMessage("USER_TYPE_INVALID") }),
    role_level: roleLevelField(schemaMessage("USER_ROLE_LEVEL_INVALID")),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const NO_OPEN_REQUEST = "This account has no teacher request";
export const OWNER_ACCOUNT_FIXED = REFUSALS.ownerAccountFixed;
export const TEACHER_REQUEST_APPROVED = "Teacher account approved";
export const TEACHER_REQUEST_REFUSED = "Teacher request refused";
export const USER_UPDATED = "User updated";
