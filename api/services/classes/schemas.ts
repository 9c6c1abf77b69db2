import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { singleLine } from "../core/single-line";
import { listQuery } from "../listing/list-query";
import { JOIN_CODE_LENGTH } from "./join-code";

/** A class's name (2–60 characters, one line) and its optional school code (up to 20). */
export const CLASS_NAME = { min: 2, max: 60 } as const;
export const CLASS_CODE_MAX = 20;
/** An add or a removal names at most this many people: a whole class at once, not a school (that is the import's work). */
export const MAX_MEMBERS_AT_ONCE = 200;

const nameRequired = schemaMessage("CLASS_NAME_REQUIRED");
const nameLength = schemaMessage("CLASS_NAME_LENGTH", CLASS_NAME);
const className = singleLine(z.string({ error: nameRequired }).trim().min(1, nameRequired).min(CLASS_NAME.min, nameLength).max(CLASS_NAME.max, nameLength));
const classCode = singleLine(z.string({ error: "code must be text" }).trim().max(CLASS_CODE_MAX, schemaMessage("CLASS_CODE_TOO_LONG", { max: CLASS_CODE_MAX })))
  .optional()
  .nullable()
  // Absent: unchanged (update) or none (create); empty or null: none.
  .transform((code) => (code === undefined ? undefined : code || null))
  .openapi({ description: `The school's own short code of the class (e.g. 10B-MATHS), shown to people; up to ${CLASS_CODE_MAX} characters, one per class of the school` });
const anId = (label: string) => z.coerce.number({ error: `${label} must be an id` }).int(`${label} must be an id`).positive(`${label} must be an id`);
const classId = anId("classId");

export const CreateClassInput = z.object({ name: className, code: classCode }, { error: BODY_NOT_AN_OBJECT });
export type CreateClassInput = z.input<typeof CreateClassInput>;

export const ClassIdInput = z.object({ classId }, { error: BODY_NOT_AN_OBJECT });

export const UpdateClassInput = z.object(
  {
    classId,
    name: className.optional(),
    code: classCode,
    teachers: z
      .array(anId("teachers"), { error: "teachers must be a list of user ids" })
      .max(50, "A class has at most 50 teachers")
      .optional()
      .openapi({ description: "The user ids of the class's teachers (authors of the school), replacing the list" }),
    newJoinCode: z.boolean({ error: "newJoinCode must be true or false" }).optional().openapi({ description: "true: a new join code replaces the old one (its link stops working)" }),
  },
  { error: BODY_NOT_AN_OBJECT },
);
export type UpdateClassInput = z.input<typeof UpdateClassInput>;

const membersTooMany = schemaMessage("CLASS_MEMBERS_TOO_MANY", { max: MAX_MEMBERS_AT_ONCE });
export const ClassMembersInput = z
  .object(
    {
      classId,
      add: z
        .array(z.string({ error: "add must be a list of e-mails" }).trim().max(254), { error: "add must be a list of e-mails" })
        .max(MAX_MEMBERS_AT_ONCE, membersTooMany)
        .optional()
        .openapi({ description: "E-mails of students of the school to add; each unknown one gets its reason" }),
      remove: z.array(anId("remove"), { error: "remove must be a list of user ids" }).max(MAX_MEMBERS_AT_ONCE, membersTooMany).optional().openapi({ description: "User ids of students to remove from the class" }),
    },
    { error: BODY_NOT_AN_OBJECT },
  )
  .refine((input) => (input.add?.length ?? 0) + (input.remove?.length ?? 0) > 0, { message: schemaMessage("CLASS_MEMBERS_EMPTY"), path: ["add"] });
export type ClassMembersInput = z.input<typeof ClassMembersInput>;

const joinCodeRequired = schemaMessage("CLASS_JOIN_CODE_REQUIRED");
export const JoinClassInput = z.object(
  {
    joinCode: z
      .string({ error: joinCodeRequired })
      .max(40, schemaMessage("CLASS_JOIN_CODE_UNKNOWN"))
      // Typed as read aloud or copied: any case, with spaces or dashes between the groups.
      .transform((code) => code.replace(/[\s-]/g, "").toUpperCase())
      .pipe(z.string().min(1, joinCodeRequired))
      .openapi({ description: `The class's join code (${JOIN_CODE_LENGTH} characters; case, spaces and dashes do not matter)` }),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const ClassImportInput = z.object(
  {
    classId,
    location: z.string({ error: "location is required: the key of the uploaded file" }).trim().min(1, "location is required: the key of the uploaded file").max(512, "location is too long"),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const ClassImportStatusInput = z.object({ importId: anId("importId") }, { error: BODY_NOT_AN_OBJECT });

export const ClassListQuery = listQuery({
  filter: z.object({ name: z.string({ error: "filter.name must be text" }).trim().max(CLASS_NAME.max).optional() }),
  sortFields: ["name", "createdAt"],
});

/** A class as its teachers and the owner see it. */
export interface ClassEntity {
  id: number;
  classId: number;
  name: string;
  code: string | null;
  joinCode: string;
  teachers: { userId: number; fullname: string }[];
  studentCount: number;
}

/** A class as one of its students sees it: no join code, no roster. */
export interface StudentClassEntity {
  id: number;
  classId: number;
  name: string;
  code: string | null;
  teachers: { userId: number; fullname: string }[];
}

export interface RosterStudent {
  userId: number;
  fullname: string;
  username: string;
  email: string;
  joinedBy: "teacher" | "joinCode" | "import";
  joinedAt: number;
}
